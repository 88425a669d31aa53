<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>bpe_explorer</name>
    <message>
      <location filename="../../app/content/heldout.py" />
      <source>Chinese</source>
      <translation>中文</translation>
    </message>
    <message>
      <location filename="../../app/content/heldout.py" />
      <source>Code (Python)</source>
      <translation>代码（Python）</translation>
    </message>
    <message>
      <location filename="../../app/content/heldout.py" />
      <source>English</source>
      <translation>英文</translation>
    </message>
    <message>
      <location filename="../../app/controllers/sweep.py" />
      <source>Cannot measure the texts: {reason}</source>
      <translation>无法测量这些文本：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/controllers/sweep.py" />
      <source>Cannot measure {name}: {reason}</source>
      <translation>无法用 {name} 测量：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/controllers/sweep.py" />
      <source>Cannot read {name}: {reason}</source>
      <translation>无法读取 {name}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/display/format.py" />
      <location filename="../../app/views/explain_panel.py" />
      <location filename="../../app/views/vocab_view.py" />
      <source>1 byte</source>
      <translation>1 字节</translation>
    </message>
    <message>
      <location filename="../../app/display/format.py" />
      <source>{h} h {m} min</source>
      <translation>{h} 小时 {m} 分</translation>
    </message>
    <message>
      <location filename="../../app/display/format.py" />
      <source>{m} min {s} s</source>
      <translation>{m} 分 {s} 秒</translation>
    </message>
    <message>
      <location filename="../../app/display/format.py" />
      <location filename="../../app/views/explain_panel.py" />
      <location filename="../../app/views/vocab_view.py" />
      <source>{n} bytes</source>
      <translation>{n} 字节</translation>
    </message>
    <message>
      <location filename="../../app/display/format.py" />
      <source>{s} s</source>
      <translation>{s} 秒</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <location filename="../../app/display/token_data.py" />
      <source>1 byte: {hex}</source>
      <translation>1 字节：{hex}</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <source>a special token</source>
      <translation>特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <source>id {id}</source>
      <translation>id {id}</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <source>part of a character</source>
      <translation>字符的一部分</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <location filename="../../app/display/token_data.py" />
      <source>{n} bytes: {hex}</source>
      <translation>{n} 字节：{hex}</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <source>{tokens} tokens · {bytes} UTF-8 bytes · {ratio} bytes per token · hover a token for its id</source>
      <translation>{tokens} 个词元 · {bytes} 个 UTF-8 字节 · 每词元字节数 {ratio} · 鼠标悬停在词元上可看其 id</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <source>· space, ⏎ newline, → tab; &lt;span class="hex"&gt;e3 80&lt;/span&gt; bytes of a character split across tokens (dashed). Made with BPE Explorer.</source>
      <translation>· 空格，⏎ 换行，→ 制表符；&lt;span class="hex"&gt;e3 80&lt;/span&gt; 被拆到多个词元中的字符的字节（虚线框）。由 BPE Explorer 生成。</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>'{char}' ({code}, 1 byte {hex})</source>
      <translation>'{char}'（{code}，1 字节 {hex}）</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>'{char}' ({code}, {n} bytes {hex})</source>
      <translation>'{char}'（{code}，{n} 字节 {hex}）</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>A single byte: part of every byte-level vocabulary.</source>
      <translation>单个字节：每个字节级词表都包含它。</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>A special token: matched as a whole before pre-tokenization, never merged.</source>
      <translation>特殊词元：在预分词之前整体匹配，从不参与合并。</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>Byte fallback: the vocabulary has no piece for this character, so it is spelled in bytes.</source>
      <translation>字节回退：词表中没有这个字符的片段，所以用字节拼写它。</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>Its ▁ is the space SentencePiece puts before the text; decoding drops it.</source>
      <translation>其中的 ▁ 是 SentencePiece 加在文本前面的空格；解码时会去掉。</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>Made by merge rank {rank}: {left} ({left_id}) + {right} ({right_id})</source>
      <translation>由合并序号 {rank} 生成：{left} ({left_id}) + {right} ({right_id})</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>Piece: {piece}</source>
      <translation>片段：{piece}</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>Text: ‘{text}’</source>
      <translation>文本：‘{text}’</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>This token is not a whole character: decoded alone it would print U+FFFD.</source>
      <translation>这个词元不是完整的字符：单独解码会打印出 U+FFFD。</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>Token {k} of {n}: id {id}</source>
      <translation>第 {k} 个词元（共 {n} 个）：id {id}</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>byte {i}</source>
      <translation>第 {i} 个字节</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>bytes {lo}–{hi}</source>
      <translation>第 {lo}–{hi} 个字节</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <source>{which} of {n} of {char}</source>
      <translation>{char} 的 {n} 个字节中的{which}</translation>
    </message>
    <message>
      <location filename="../../app/jobs/sweep.py" />
      <source>{name} is empty: there is nothing to measure</source>
      <translation>{name} 是空文件：没有可测量的内容</translation>
    </message>
    <message>
      <location filename="../../app/jobs/sweep.py" />
      <source>{name} is not UTF-8 text: byte {index} ({hex}) cannot be decoded; save it as UTF-8 and add it again</source>
      <translation>{name} 不是 UTF-8 文本：第 {index} 个字节（{hex}）无法解码；请将其另存为 UTF-8 后重新添加</translation>
    </message>
    <message>
      <location filename="../../app/jobs/sweep.py" />
      <source>{name} is {size} MB; the sweep measures texts of up to {limit} MB (take a part of it)</source>
      <translation>{name} 有 {size} MB；扫描只测量不超过 {limit} MB 的文本（请截取其中一部分）</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>(empty)</source>
      <translation>（空）</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>(nothing yet)</source>
      <translation>（暂无）</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Bytes waiting for the rest of their character after this token</source>
      <translation>此词元之后，仍在等待所属字符其余字节的字节</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Complete characters the StreamingDecoder released for this token</source>
      <translation>StreamingDecoder 因此词元输出的完整字符</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Decoder prints</source>
      <translation>解码器输出</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>More bytes the pending character needs (from its lead byte)</source>
      <translation>未完成的字符还需要的字节数（由其首字节得知）</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Naive decode([id]) prints</source>
      <translation>朴素 decode([id]) 输出</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Needs</source>
      <translation>还需</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Queue after</source>
      <translation>之后的队列</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Step</source>
      <translation>步</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>The id fed to the decoder</source>
      <translation>送入解码器的 id</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>The token's bytes in hex</source>
      <translation>词元的字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Token bytes</source>
      <translation>词元字节</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Token id</source>
      <translation>词元 id</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>Tokens fed so far</source>
      <translation>已送入的词元数</translation>
    </message>
    <message>
      <location filename="../../app/models/stream_log.py" />
      <source>What decoding this token on its own prints: U+FFFD (�) for a split character</source>
      <translation>单独解码此词元时的输出：被拆分的字符显示为 U+FFFD (�)</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Byte fallback: stands for one byte of a character the vocabulary lacks</source>
      <translation>字节回退：代表词表中缺少的某个字符的一个字节</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Bytes (hex)</source>
      <translation>字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Count</source>
      <translation>计数</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>How often the pair occurred when it was merged in training (unknown for OpenAI encodings)</source>
      <translation>训练中合并这个相邻对时它出现的次数（OpenAI 编码未知）</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <location filename="../../app/views/vocab_view.py" />
      <source>Id</source>
      <translation>ID</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Left parent</source>
      <translation>左父词元</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Length</source>
      <translation>长度</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Number of bytes</source>
      <translation>字节数</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Right parent</source>
      <translation>右父词元</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>SentencePiece piece: ▁ is a space</source>
      <translation>SentencePiece 片段：▁ 表示空格</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Special token: never merged, never split; encoded only where allowed</source>
      <translation>特殊词元：从不合并，也从不拆分；只在允许的地方编码</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>The token this one was merged from (left part); empty for single bytes and special tokens</source>
      <translation>合并出此词元的左侧词元；单个字节和特殊词元为空</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>The token this one was merged from (right part)</source>
      <translation>合并出此词元的右侧词元</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>The token's bytes in hexadecimal</source>
      <translation>词元的字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>The token's text: · space, ⏎ newline, → tab; &lt;e5 9c&gt; marks bytes that are only part of a character</source>
      <translation>词元的文本：· 空格，⏎ 换行，→ 制表符；&lt;e5 9c&gt; 表示只是字符一部分的字节</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <location filename="../../app/views/vocab_view.py" />
      <source>Token</source>
      <translation>词元</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>Token id (bytes are 0-255, merge r is 256 + r, special tokens come last)</source>
      <translation>词元 id（字节为 0-255，第 r 次合并为 256 + r，特殊词元排在最后）</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>id {id}: {n} byte(s) {hex}</source>
      <translation>id {id}：{n} 字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>invalid regex {query}: {reason}</source>
      <translation>无效的 regex {query}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>pattern too slow: {query} takes too long on these tokens (it backtracks too much); simplify it (avoid nested or overlapping repetitions such as (a|aa)+)</source>
      <translation>模式太慢：{query} 在这些词元上耗时过长（回溯太多）；请简化它（避免嵌套或重叠的重复，例如 (a|aa)+）</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>{query} is not a token id: type a number (42), a list (1, 5, 9) or a range (100-200)</source>
      <translation>{query} 不是词元 id：请输入一个数字 (42)、一个列表 (1, 5, 9) 或一个范围 (100-200)</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>{query} is not hex: use the digits 0-9 and a-f, two per byte (for example e5 9c)</source>
      <translation>{query} 不是十六进制：请使用数字 0-9 和 a-f，每个字节两位（例如 e5 9c）</translation>
    </message>
    <message>
      <location filename="../../app/models/vocab.py" />
      <source>{query}: hex needs two digits per byte (for example e5 9c)</source>
      <translation>{query}：十六进制每个字节需要两位（例如 e5 9c）</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>1 character</source>
      <translation>1 个字符</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>1 merge</source>
      <translation>1 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>1 starting token</source>
      <translation>1 个初始词元</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>1 token</source>
      <translation>1 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>&lt;b&gt;{piece}&lt;/b&gt; is a special token: it is cut out before pre-tokenization and becomes id {id} directly. Special tokens never take part in a merge.</source>
      <translation>&lt;b&gt;{piece}&lt;/b&gt; 是特殊词元：它在预分词之前被切出，直接成为 id {id}。特殊词元从不参与合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Adjacent pair</source>
      <translation>相邻对</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Apply the next merge: the adjacent pair with the lowest rank (Alt+Right)</source>
      <translation>执行下一次合并：合并序号最小的相邻对 (Alt+Right)</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Back to the piece's single bytes (Alt+Home)</source>
      <translation>回到片段的单个字节 (Alt+Home)</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Every adjacent pair of the current parts with its rank (its position in the merge list). The pair with the lowest rank is merged first, whatever its position in the piece.</source>
      <translation>当前各部分的每个相邻对及其合并序号（在合并列表中的位置）。合并序号最小的相邻对最先合并，不论它在片段中的位置。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Explain: click a piece in the pre-tokenization strip (or a token) to see how BPE encodes it.</source>
      <translation>讲解：点击预分词条中的一个片段（或一个词元），查看 BPE 如何对它编码。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Jump to the final tokens (Alt+End)</source>
      <translation>跳到最终词元 (Alt+End)</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Last ⏭</source>
      <translation>最后 ⏭</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Next ▶</source>
      <translation>下一步 ▶</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Piece &lt;b&gt;‘{piece}’&lt;/b&gt; (SentencePiece: ▁ is a space): {chars}, {parts} → {final} after {steps}. It starts from the characters (one missing from the vocabulary falls back to its UTF-8 bytes, &amp;lt;0xNN&amp;gt; tokens); at each step {how}.</source>
      <translation>片段 &lt;b&gt;‘{piece}’&lt;/b&gt;（SentencePiece：▁ 表示空格）：{chars}，{parts} → 经过 {steps}后得到 {final}。它从字符开始（词表中没有的字符回退为其 UTF-8 字节，即 &amp;lt;0xNN&amp;gt; 词元）；每一步{how}。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Piece &lt;b&gt;‘{piece}’&lt;/b&gt;: {bytes} → {final} after {steps}. At each step every adjacent pair is looked up in the merge list and the one with the lowest rank is merged.</source>
      <translation>片段 &lt;b&gt;‘{piece}’&lt;/b&gt;：{bytes} → 经过 {steps}后得到 {final}。每一步都在合并列表中查找每个相邻对，合并序号最小的那个被合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Previous merge (Alt+Left)</source>
      <translation>上一次合并 (Alt+Left)</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Rank in the merge list</source>
      <translation>合并序号（在合并列表中的位置）</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Result: ids [{ids}] ({why})</source>
      <translation>结果：ids [{ids}]（{why}）</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>Step {k} of {n}: merge rank {rank} → new token {id}</source>
      <translation>第 {k} 步（共 {n} 步）：合并序号 {rank} → 新词元 {id}</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>The piece's current parts; the outlined pair is merged next.</source>
      <translation>片段当前的各部分；带框的相邻对下一步合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>This piece is {n} bytes long; Explain steps through pieces of up to {max} bytes. Click a shorter piece.</source>
      <translation>这个片段长 {n} 字节；讲解只能逐步演示最多 {max} 字节的片段。请点击一个更短的片段。</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>later (higher rank)</source>
      <translation>稍后（合并序号更大）</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>no adjacent pair is in the merge list</source>
      <translation>没有相邻对在合并列表中</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>not a merge</source>
      <translation>不是合并</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>not learned yet as of merge {k}</source>
      <translation>截至第 {k} 次合并尚未学到</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>one token left</source>
      <translation>只剩一个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>the pair whose merged piece has the best score (the lowest rank) is merged</source>
      <translation>合并后片段得分最好（合并序号最小）的相邻对被合并</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>the pair with the lowest rank in the merge list is merged</source>
      <translation>合并列表中合并序号最小的相邻对被合并</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>the same pair again: merged in the next step (leftmost first)</source>
      <translation>同一个相邻对再次出现：下一步合并（最左边的先合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>{n} characters</source>
      <translation>{n} 个字符</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>{n} merges</source>
      <translation>{n} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>{n} starting tokens</source>
      <translation>{n} 个初始词元</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>{n} tokens</source>
      <translation>{n} 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>⏮ First</source>
      <translation>⏮ 最初</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>◀ Previous</source>
      <translation>◀ 上一步</translation>
    </message>
    <message>
      <location filename="../../app/views/explain_panel.py" />
      <source>★ lowest rank: merged now</source>
      <translation>★ 合并序号最小：现在合并</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>1 token/s</source>
      <translation>1 个词元/秒</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>; no character was split here.</source>
      <translation>；这里没有字符被拆分。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>; the naive output has {n} × �.</source>
      <translation>；朴素输出中有 {n} 个 �。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>&lt;b&gt;Done.&lt;/b&gt; The decoder's output differs from decode(all ids)</source>
      <translation>&lt;b&gt;完成。&lt;/b&gt;解码器的输出与 decode(all ids) 不同</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>&lt;b&gt;Done.&lt;/b&gt; The decoder's output equals decode(all ids)</source>
      <translation>&lt;b&gt;完成。&lt;/b&gt;解码器的输出与 decode(all ids) 相同</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>&lt;span style='color:#616161'&gt;grey frame: the byte waited in the queue&lt;/span&gt; · &lt;span style='color:#1565c0'&gt;blue frame: the byte came with this token&lt;/span&gt; · &lt;span style='background:#c8e6c9'&gt;&amp;nbsp;green: a complete character&amp;nbsp;&lt;/span&gt; · &lt;span style='background:#ffe0b2'&gt;&amp;nbsp;orange: waiting for more bytes&amp;nbsp;&lt;/span&gt;</source>
      <translation>&lt;span style='color:#616161'&gt;灰框：该字节已在队列中等待&lt;/span&gt; · &lt;span style='color:#1565c0'&gt;蓝框：该字节随此词元到达&lt;/span&gt; · &lt;span style='background:#c8e6c9'&gt;&amp;nbsp;绿色：完整的字符&amp;nbsp;&lt;/span&gt; · &lt;span style='background:#ffe0b2'&gt;&amp;nbsp;橙色：等待更多字节&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>A naive decode([{id}]) prints &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;: SentencePiece drops the ▁ that starts a text, so decoding token by token loses the spaces between words.</source>
      <translation>朴素的 decode([{id}]) 输出 &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;：SentencePiece 会去掉文本开头的 ▁，所以逐个词元解码会丢失词之间的空格。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>A naive decode([{id}]) would print &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt; here.</source>
      <translation>朴素的 decode([{id}]) 在这里会输出 &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Byte queue of the StreamingDecoder</source>
      <translation>StreamingDecoder 的字节队列</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/views/tokenize_view.py" />
      <source>Choose a preset…</source>
      <translation>选择示例文本…</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Complete → output: {chars}.</source>
      <translation>完整 → 输出：{chars}。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Decoding every token on its own turns each piece of a split character into U+FFFD (�).</source>
      <translation>单独解码每个词元，会把被拆分字符的每一部分都变成 U+FFFD (�)。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Each token is a few &lt;b&gt;bytes&lt;/b&gt;. The decoder keeps bytes in a queue until they form a whole UTF-8 character; decoding each token on its own instead prints � for every piece of a split character.</source>
      <translation>每个词元是几个&lt;b&gt;字节&lt;/b&gt;。解码器把字节保存在队列中，直到它们组成一个完整的 UTF-8 字符；而单独解码每个词元，会为被拆分字符的每一部分打印一个 �。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Fed &lt;b&gt;{k}&lt;/b&gt; of {n} tokens</source>
      <translation>已送入 &lt;b&gt;{k}&lt;/b&gt; / {n} 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Feed exactly one token (Ctrl+N)</source>
      <translation>只送入一个词元 (Ctrl+N)</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Feed the tokens one by one at the chosen speed; again to pause (Ctrl+P)</source>
      <translation>按所选速度逐个送入词元；再按一次暂停 (Ctrl+P)</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Lead byte {text}</source>
      <translation>首字节 {text}</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/views/vocab_view.py" />
      <source>Loading {key}… (a few seconds the first time)</source>
      <translation>正在加载 {key}…（第一次需要几秒钟）</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Naive: print(decode([id])) for each token</source>
      <translation>朴素做法：对每个词元 print(decode([id]))</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Nothing printed yet.</source>
      <translation>尚无输出。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Nothing printed yet: the decoder waits for complete characters.</source>
      <translation>尚无输出：解码器在等待完整的字符。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Nothing to print yet.</source>
      <translation>暂时没有可输出的内容。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/views/tokenize_view.py" />
      <source>Preset:</source>
      <translation>示例文本：</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/views/timeline_view.py" />
      <source>Speed:</source>
      <translation>速度：</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Start again with an empty queue (Ctrl+Shift+R)</source>
      <translation>以空队列重新开始 (Ctrl+Shift+R)</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Step ⏭</source>
      <translation>单步 ⏭</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>StreamingDecoder output: only complete characters</source>
      <translation>StreamingDecoder 输出：只有完整的字符</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Text to stream, e.g. 國 or 🤚🏾</source>
      <translation>要流式解码的文本，例如 國 或 🤚🏾</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/views/timeline_view.py" />
      <source>Text:</source>
      <translation>文本：</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>The queue already held &lt;b&gt;{hex}&lt;/b&gt;.</source>
      <translation>队列中原有 &lt;b&gt;{hex}&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/widgets/byte_queue.py" />
      <source>The queue is empty. Press Step or Play to feed the first token.</source>
      <translation>队列为空。按“单步”或“播放”送入第一个词元。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>The token ids to feed; the outlined one was fed last, the faded ones are still to come.</source>
      <translation>要送入的词元 id；带框的是最后送入的，淡色的还未送入。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>The tokens of the text, fed from left to right.</source>
      <translation>文本的词元，从左到右依次送入。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Token {k}: id &lt;b&gt;{id}&lt;/b&gt; brings byte &lt;b&gt;{hex}&lt;/b&gt;.</source>
      <translation>第 {k} 个词元：id &lt;b&gt;{id}&lt;/b&gt; 带来字节 &lt;b&gt;{hex}&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Token {k}: id &lt;b&gt;{id}&lt;/b&gt; brings bytes &lt;b&gt;{hex}&lt;/b&gt;.</source>
      <translation>第 {k} 个词元：id &lt;b&gt;{id}&lt;/b&gt; 带来字节 &lt;b&gt;{hex}&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <location filename="../../app/views/sweep_view.py" />
      <location filename="../../app/views/timeline_view.py" />
      <location filename="../../app/views/tokenize_view.py" />
      <location filename="../../app/views/vocab_view.py" />
      <source>Tokenizer:</source>
      <translation>分词器：</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>Tokens per second while playing</source>
      <translation>播放时每秒送入的词元数</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>id {id}: bytes {hex}</source>
      <translation>id {id}：字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>{chars} and {n} more</source>
      <translation>{chars} 等（另有 {n} 个）</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>{hex} waits: its lead byte announces a {n}-byte character, 1 more byte needed.</source>
      <translation>{hex} 在等待：其首字节表明这是一个 {n} 字节的字符，还需要 1 个字节。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>{hex} waits: its lead byte announces a {n}-byte character, {need} more bytes needed.</source>
      <translation>{hex} 在等待：其首字节表明这是一个 {n} 字节的字符，还需要 {need} 个字节。</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>{n} tokens/s</source>
      <translation>{n} 个词元/秒</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>⏮ Reset</source>
      <translation>⏮ 重置</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>⏸ Pause</source>
      <translation>⏸ 暂停</translation>
    </message>
    <message>
      <location filename="../../app/views/stream_view.py" />
      <source>▶ Play</source>
      <translation>▶ 播放</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>&lt;b&gt;{name} cannot be loaded.&lt;/b&gt; {reason}&lt;br&gt;{help}</source>
      <translation>&lt;b&gt;无法加载 {name}。&lt;/b&gt;{reason}&lt;br&gt;{help}</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Add a held-out text</source>
      <translation>添加留出文本</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Add text file…</source>
      <translation>添加文本文件…</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Added {name} ({size}).</source>
      <translation>已添加 {name}（{size}）。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Bytes per token against vocabulary size</source>
      <translation>每词元字节数与词表大小的关系</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Bytes per token at round vocabulary sizes, and with OpenAI's encodings</source>
      <translation>整数词表大小下的每词元字节数，以及 OpenAI 各编码的每词元字节数</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Cannot save {name}: {reason}</source>
      <translation>无法保存 {name}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Each line: one held-out text, its bytes per token with the first merges of the tokenizer at every vocabulary size. Symbols: OpenAI's encodings at their own sizes, in the text's color.</source>
      <translation>每条曲线：一篇留出文本在每个词表大小下（只用分词器的前若干次合并）的每词元字节数。符号：OpenAI 各编码在其自身词表大小处的结果，颜色与文本相同。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Each text's bytes per token with {name}, at its vocabulary size (loaded on first use)</source>
      <translation>每篇文本用 {name} 分词的每词元字节数，画在它的词表大小处（首次使用时加载）</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Export CSV…</source>
      <translation>导出 CSV…</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Export chart…</source>
      <translation>导出图表…</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Export the chart</source>
      <translation>导出图表</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Export the points as CSV</source>
      <translation>将数据点导出为 CSV</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Held-out texts</source>
      <translation>留出文本</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Loading {name}…</source>
      <translation>正在加载 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Measure a UTF-8 text file of your own too (held out: not one trained on)</source>
      <translation>也测量你自己的 UTF-8 文本文件（留出文本：不能是训练用过的）</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>OpenAI's encodings (reference points)</source>
      <translation>OpenAI 的编码（参考点）</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>PNG picture (*.png);;SVG drawing (*.svg)</source>
      <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Remove</source>
      <translation>移除</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Remove the selected text you added</source>
      <translation>移除所选的、你添加的文本</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Save every point (each text, each vocabulary size, the references) as CSV</source>
      <translation>将所有数据点（每篇文本、每个词表大小、参考点）保存为 CSV</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Save the chart as a PNG picture or an SVG drawing</source>
      <translation>将图表保存为 PNG 图片或 SVG 矢量图</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Saved the chart to {path}.</source>
      <translation>图表已保存到 {path}。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Saved {n} points to {path}.</source>
      <translation>已将 {n} 个数据点保存到 {path}。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Text files (*.txt *.md *.py *.json *.csv);;All files (*)</source>
      <translation>文本文件 (*.txt *.md *.py *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Texts the tokenizer was not trained on; uncheck one to hide its curve</source>
      <translation>分词器没有训练过的文本；取消勾选可隐藏其曲线</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>The built-in texts stay; uncheck one to hide its curve.</source>
      <translation>内置文本不能移除；取消勾选可隐藏其曲线。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>The tokenizer trained once to the largest size: every smaller vocabulary is its first merges</source>
      <translation>一次训练到最大词表的分词器：每个更小的词表就是它的前若干次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>Train a tokenizer to the largest vocabulary size you want (Train tab): the sweep uses its merges.</source>
      <translation>请把一个分词器训练到你想要的最大词表大小（“训练”标签页）：扫描使用它的合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>added</source>
      <translation>已添加</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>built in</source>
      <translation>内置</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>bytes per token (held-out text)</source>
      <translation>每词元字节数（留出文本）</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>vocabulary size (log scale)</source>
      <translation>词表大小（对数刻度）</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>{name} ({size})</source>
      <translation>{name}（{size}）</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>{name} is a SentencePiece model: it stores scores, not merges learned in order. Pick a BPE tokenizer, or train one (Train tab): the sweep uses its merges.</source>
      <translation>{name} 是 SentencePiece 模型：它保存的是分数，而不是按顺序学到的合并。请选择一个 BPE 分词器，或训练一个（“训练”标签页）：扫描使用它的合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>{name}: bytes/token</source>
      <translation>{name}：每词元字节数</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>{name}: {size}, {origin}</source>
      <translation>{name}：{size}，{origin}</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>{n} merges: every vocabulary size from {low} to {high} is this training stopped earlier (its first merges).</source>
      <translation>{n} 次合并：从 {low} 到 {high} 的每个词表大小，都是这次训练提前停止的结果（它的前若干次合并）。</translation>
    </message>
    <message>
      <location filename="../../app/views/sweep_view.py" />
      <source>{size} ({k} merges)</source>
      <translation>{size}（{k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>, pair count {n} in training</source>
      <translation>，训练中相邻对计数 {n}</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>1 000 merges/s</source>
      <translation>每秒 1 000 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>1 merge/s</source>
      <translation>每秒 1 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>100 merges/s</source>
      <translation>每秒 100 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>20 merges/s</source>
      <translation>每秒 20 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>5 merges/s</source>
      <translation>每秒 5 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>A text to watch: a built-in sample or a classroom preset (or type your own)</source>
      <translation>要观察的文本：内置示例文本或课堂预设（也可以自己输入）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>As of merge &lt;b&gt;{k}&lt;/b&gt; of {total} · vocabulary &lt;b&gt;{size}&lt;/b&gt; tokens (256 bytes + {k} merges + {specials} special)</source>
      <translation>截至第 &lt;b&gt;{k}&lt;/b&gt; 次合并（共 {total} 次）· 词表 &lt;b&gt;{size}&lt;/b&gt; 个词元（256 个字节 + {k} 次合并 + {specials} 个特殊词元）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>As of merge —</source>
      <translation>截至第 — 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Back to merge 0: every byte a token (Home on the slider)</source>
      <translation>回到第 0 次合并：每个字节都是一个词元（在滑块上按 Home 键）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Choose a text…</source>
      <translation>选择文本…</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Choose a tokenizer (train one first) and a text: its tokens appear here.</source>
      <translation>选择一个分词器（先训练一个）和一段文本：它的词元会显示在这里。</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Drag to merge k: the text below is tokenized with only the first k merges</source>
      <translation>拖到第 k 次合并：下面的文本只用前 k 次合并来分词</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Follow the training</source>
      <translation>跟随训练</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Following the training in progress: its merges so far, updated once a second.</source>
      <translation>正在跟随进行中的训练：显示它目前为止的合并，每秒更新一次。</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>How fast Play moves the slider</source>
      <translation>播放时滑块移动的速度</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Loading {name}… (a few seconds the first time)</source>
      <translation>正在加载 {name}…（第一次需要几秒钟）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Merge {k}: ‘{left}’ + ‘{right}’ → ‘{token}’ (id {id}{seen})</source>
      <translation>第 {k} 次合并：‘{left}’ + ‘{right}’ → ‘{token}’（id {id}{seen}）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>No merge yet: every byte is a token.</source>
      <translation>还没有合并：每个字节都是一个词元。</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Pause</source>
      <translation>暂停</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Play</source>
      <translation>播放</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Play the merges as an animation at the chosen speed (Ctrl+Space)</source>
      <translation>按所选速度以动画播放合并过程（Ctrl+Space）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Sample: {title}</source>
      <translation>示例文本：{title}</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>The number of merges (k)</source>
      <translation>合并次数（k）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>The text's token count with the first k merges, for every k (exact); red: the slider</source>
      <translation>对每个 k，文本在前 k 次合并下的词元数（精确值）；红线：滑块位置</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>The timeline could not be computed: {reason}</source>
      <translation>无法计算时间线：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>The tokenizer whose merges the slider walks through (the newest trained one)</source>
      <translation>滑块逐一经过其合并的分词器（默认为最新训练的那个）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Tokens after k merges</source>
      <translation>k 次合并后的词元数</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Tokens: &lt;b&gt;{n}&lt;/b&gt; · UTF-8 bytes: {bytes} · Bytes/token: &lt;b&gt;{ratio}&lt;/b&gt;</source>
      <translation>词元：&lt;b&gt;{n}&lt;/b&gt; · UTF-8 字节：{bytes} · 每词元字节数：&lt;b&gt;{ratio}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Tokens: &lt;b&gt;—&lt;/b&gt; · Bytes/token: &lt;b&gt;—&lt;/b&gt;</source>
      <translation>词元：&lt;b&gt;—&lt;/b&gt; · 每词元字节数：&lt;b&gt;—&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Type or paste a text to watch it being tokenized merge by merge.</source>
      <translation>输入或粘贴一段文本，观察它如何随着一次次合并被分词。</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Walk through the merges of the training that is running or paused in the Train tab (its merges so far, updated once a second)</source>
      <translation>逐一查看“训练”标签页中正在运行或已暂停的训练的合并（它目前为止的合并，每秒更新一次）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>merge</source>
      <translation>第</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>merges</source>
      <translation>合并次数</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>not in this text</source>
      <translation>本文本中没有</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>of {n}</source>
      <translation>次合并（共 {n} 次）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>the training</source>
      <translation>训练</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>whole run in 10 s</source>
      <translation>10 秒内播完全部</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>whole run in 30 s</source>
      <translation>30 秒内播完全部</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{merge}; {where}.</source>
      <translation>{merge}；{where}。</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{name} (in progress)</source>
      <translation>{name}（进行中）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{name} (training)</source>
      <translation>{name}（训练中）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{name} cannot be loaded: {reason}</source>
      <translation>无法加载 {name}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{name} is a SentencePiece model: it stores scores, not merges learned in order, so it has no timeline. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …).</source>
      <translation>{name} 是 SentencePiece 模型：它保存的是分数，而不是按顺序学到的合并，所以没有时间线。请选择一个 BPE 分词器（你训练的、GPT-2、Llama 3 等）。</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{name}, as of merge {k} of {total}</source>
      <translation>{name}，截至第 {k} 次合并（共 {total} 次）</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>{n} in this text, outlined</source>
      <translation>本文本中有 {n} 个，已加框标出</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>&lt;b&gt;Refused, as tiktoken's encode() would:&lt;/b&gt; {reason}&lt;br&gt;Switch “Special tokens” to Recognised or Plain text to tokenize it.</source>
      <translation>&lt;b&gt;已拒绝，与 tiktoken 的 encode() 一样：&lt;/b&gt;{reason}&lt;br&gt;把“特殊词元”切换为“识别”或“纯文本”即可对它分词。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>A token that is only part of a UTF-8 character cannot be shown as text: its bytes are written in hex, and an arrow points at the character they belong to</source>
      <translation>只是 UTF-8 字符一部分的词元无法显示为文本：它的字节以十六进制书写，箭头指向它们所属的字符</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Bytes/token: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>每词元字节数：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Characters per token</source>
      <translation>每词元字符数</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Characters: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>字符：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Chars/token: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>每词元字符数：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Copy ids as a Python list</source>
      <translation>复制 id（Python 列表）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Copy ids, comma-separated</source>
      <translation>复制 id（逗号分隔）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Copy token strings</source>
      <translation>复制词元字符串</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Draw spaces as ·, tabs as → and newlines as ⏎ inside the chips (Ctrl+Shift+W)</source>
      <translation>在色块中把空格画成 ·，制表符画成 →，换行画成 ⏎ (Ctrl+Shift+W)</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Error (tiktoken's default)</source>
      <translation>报错（tiktoken 的默认行为）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Explain: the merges of one piece, in rank order</source>
      <translation>讲解：一个片段的合并，按合并序号排列</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Hover or click a token (or an id) to see its bytes and the merge that made it.</source>
      <translation>把鼠标悬停在词元（或 id）上或点击它，查看它的字节和生成它的合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Legend: &lt;code&gt;&amp;lt;e3 80&amp;gt;&lt;/code&gt; one token holding the bytes e3 80, part of a character · &lt;code&gt;&amp;lt;80&amp;gt;&amp;lt;82&amp;gt;&lt;/code&gt; two tokens of one byte each · &lt;code&gt;·&lt;/code&gt; space · &lt;code&gt;⏎&lt;/code&gt; newline · &lt;code&gt;→&lt;/code&gt; tab</source>
      <translation>图例：&lt;code&gt;&amp;lt;e3 80&amp;gt;&lt;/code&gt; 一个含字节 e3 80 的词元，是字符的一部分 · &lt;code&gt;&amp;lt;80&amp;gt;&amp;lt;82&amp;gt;&lt;/code&gt; 两个各含一个字节的词元 · &lt;code&gt;·&lt;/code&gt; 空格 · &lt;code&gt;⏎&lt;/code&gt; 换行 · &lt;code&gt;→&lt;/code&gt; 制表符</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Length of the text in UTF-8: what byte-level BPE starts from</source>
      <translation>文本的 UTF-8 长度：字节级 BPE 的起点</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Loading {key}… (building the merge list takes a few seconds the first time)</source>
      <translation>正在加载 {key}…（第一次构建合并列表需要几秒钟）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>No pieces: the text was refused (see the message above).</source>
      <translation>没有片段：文本被拒绝了（见上方消息）。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>No tokens: the text was refused (see the message above).</source>
      <translation>没有词元：文本被拒绝了（见上方消息）。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Number of tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Pieces: the stretches no merge crosses (SentencePiece has no pre-tokenizer; click one to explain it)</source>
      <translation>片段：合并不会跨越的文本段（SentencePiece 没有预分词器；点击一个片段查看讲解）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Plain text (ordinary characters)</source>
      <translation>纯文本（普通字符）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Pre-tokenization: BPE merges only inside these pieces. Click one to explain it.</source>
      <translation>预分词：BPE 只在这些片段内部合并。点击一个片段查看讲解。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Pre-tokenization: the pieces the regex makes (click one to explain it)</source>
      <translation>预分词：regex 切出的片段（点击一个片段查看讲解）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Recognised (one special token)</source>
      <translation>识别（成为一个特殊词元）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Show whitespace</source>
      <translation>显示空白字符</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Special tokens:</source>
      <translation>特殊词元：</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Special tokens: {mode}</source>
      <translation>特殊词元：{mode}</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Texts for class: each shows something surprising about tokenizers.</source>
      <translation>课堂用的示例文本：每段都展示分词器令人意外的一面。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>The pieces the pre-tokenizer cuts the text into, before any merge.</source>
      <translation>预分词器在任何合并之前把文本切成的片段。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>The tokens of your text appear here.</source>
      <translation>你的文本的词元显示在这里。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Token ids</source>
      <translation>词元 id</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Tokenizer: {name}</source>
      <translation>分词器：{name}</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Tokenizing failed: {reason}</source>
      <translation>分词失败：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Tokens</source>
      <translation>词元</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Tokens of {name}</source>
      <translation>{name} 的词元</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Tokens of {name}, as of merge {k}</source>
      <translation>{name} 的词元（截至第 {k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Tokens: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>词元：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Type here, or pick a preset. Every keystroke is tokenized.</source>
      <translation>在这里输入，或选择一段示例文本。每次按键都会分词。</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>UTF-8 bytes per token: the compression (higher is better)</source>
      <translation>每词元 UTF-8 字节数：压缩率（越高越好）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>UTF-8 bytes: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>UTF-8 字节：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>Unicode characters (code points) in the text</source>
      <translation>文本中的 Unicode 字符（码位）</translation>
    </message>
    <message>
      <location filename="../../app/views/tokenize_view.py" />
      <source>What text like &lt;|endoftext|&gt; does.
Recognised: it becomes its special token (allowed_special='all').
Error: the text is refused, as tiktoken's encode() does by default.
Plain text: it is tokenized like any other characters (encode_ordinary).</source>
      <translation>像 &lt;|endoftext|&gt; 这样的文本如何处理。
识别：它成为对应的特殊词元 (allowed_special='all')。
报错：拒绝该文本，与 tiktoken 的 encode() 默认行为一样。
纯文本：像其他字符一样分词 (encode_ordinary)。</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>&lt;b&gt;Merge tree&lt;/b&gt;</source>
      <translation>&lt;b&gt;合并树&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>A regular expression searched in each token's text (\p{Han}, ^\s, ...)</source>
      <translation>在每个词元的文本中搜索的正则表达式 (\p{Han}, ^\s, ...)</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Byte</source>
      <translation>字节</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Choose a tokenizer (train or open one, or pick an OpenAI encoding)</source>
      <translation>选择分词器（训练或打开一个，或选择 OpenAI 的编码）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Copy row</source>
      <translation>复制此行</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Copy the whole table (as shown)</source>
      <translation>复制整个表格（按当前显示）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Hex</source>
      <translation>十六进制</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>How the selected token was built: each token is the merge of its two children, down to single bytes</source>
      <translation>所选词元是怎样构成的：每个词元由它的两个子词元合并而成，一直到单个字节</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Ids: 42, a list 1, 5, 9 or a range 100-200</source>
      <translation>id：42、列表 1, 5, 9 或范围 100-200</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Match case</source>
      <translation>区分大小写</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Merge rank</source>
      <translation>合并序号</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Not valid UTF-8 alone</source>
      <translation>单独不是有效 UTF-8</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Off: text and regex searches ignore case (“the” finds “The”)</source>
      <translation>关闭时：文本和正则搜索忽略大小写（“the” 也能找到 “The”）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Only special tokens such as &lt;|endoftext|&gt;</source>
      <translation>只显示特殊词元，例如 &lt;|endoftext|&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Only tokens holding part of a character: they print as U+FFFD when decoded alone</source>
      <translation>只显示含字符一部分的词元：单独解码时显示为 U+FFFD</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Only tokens whose first byte is a space (word starts in GPT vocabularies)</source>
      <translation>只显示第一个字节是空格的词元（GPT 词表中的词首）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Regex</source>
      <translation>正则</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Search by text, regex, id or hex bytes</source>
      <translation>按文本、正则表达式、id 或十六进制字节搜索</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Search tokens…</source>
      <translation>搜索词元…</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Select a token to see its merge tree.</source>
      <translation>选择一个词元查看它的合并树。</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Special tokens</source>
      <translation>特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Starts with a space</source>
      <translation>以空格开头</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Text</source>
      <translation>文本</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>This encoding cannot be shown: {reason}</source>
      <translation>无法显示这个编码：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Tokens containing these bytes: e5 9c or e59c</source>
      <translation>包含这些字节的词元：e5 9c 或 e59c</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Tokens whose text contains this (· ⏎ → are read as space, newline, tab)</source>
      <translation>文本包含此内容的词元（· ⏎ → 分别表示空格、换行、制表符）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>Which tokenizer to browse: trained or opened ones first, then OpenAI's encodings</source>
      <translation>要浏览哪个分词器：先列出训练或打开的，然后是 OpenAI 的编码</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>a character of the vocabulary: a leaf of the merge trees (SentencePiece merges characters)</source>
      <translation>词表中的一个字符：合并树的叶子（SentencePiece 合并的是字符）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>a single byte: a leaf of every merge tree</source>
      <translation>单个字节：每棵合并树的叶子</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>byte fallback: one byte of a character the vocabulary has no piece for</source>
      <translation>字节回退：词表中没有其片段的某个字符的一个字节</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>bytes {hex}</source>
      <translation>字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>merge rank {rank}</source>
      <translation>合并序号 {rank}</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>merge rank {rank}, pair count {count}</source>
      <translation>合并序号 {rank}，相邻对计数 {count}</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>special token: never merged</source>
      <translation>特殊词元：从不合并</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>{leaves} characters, {levels} merge levels</source>
      <translation>{leaves} 个字符，{levels} 层合并</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>{leaves} single bytes, {levels} merge levels</source>
      <translation>{leaves} 个单字节，{levels} 层合并</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>{shown} of {total}</source>
      <translation>{shown} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>{shown} of {total} (as of merge {k})</source>
      <translation>{shown} / {total}（截至第 {k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/vocab_view.py" />
      <source>{tokens} tokens · {merges} merges · pre-tokenizer {spec}</source>
      <translation>{tokens} 个词元 · {merges} 次合并 · 预分词器 {spec}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>As of merge k</source>
      <translation>截至第 k 次合并</translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>As of merge {k}</source>
      <translation>截至第 {k} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>Follow the Timeline's slider: choose a trained tokenizer in the Timeline tab first (a training in progress can be followed only there)</source>
      <translation>跟随时间线的滑块：请先在“时间线”标签页中选择一个训练好的分词器（进行中的训练只能在那里跟随）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>Show {name} as the Timeline's slider shows it: with only its first {k} of {total} merges (it follows the slider)</source>
      <translation>按时间线滑块的位置显示 {name}：只用它 {total} 次合并中的前 {k} 次（随滑块变化）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/byte_queue.py" />
      <source>needs 1 more byte</source>
      <translation>还需 1 个字节</translation>
    </message>
    <message>
      <location filename="../../app/widgets/byte_queue.py" />
      <source>needs {n} more bytes</source>
      <translation>还需 {n} 个字节</translation>
    </message>
    <message>
      <location filename="../../app/widgets/byte_queue.py" />
      <source>{hex} = {bits}: a 1-byte (ASCII) character</source>
      <translation>{hex} = {bits}：1 字节 (ASCII) 字符</translation>
    </message>
    <message>
      <location filename="../../app/widgets/byte_queue.py" />
      <source>{hex} = {bits}: a continuation byte (10xxxxxx), not the start of a character</source>
      <translation>{hex} = {bits}：后续字节 (10xxxxxx)，不是字符的开头</translation>
    </message>
    <message>
      <location filename="../../app/widgets/byte_queue.py" />
      <source>{hex} = {bits}: lead byte of a {n}-byte character ({n} leading 1-bits)</source>
      <translation>{hex} = {bits}：{n} 字节字符的首字节（开头有 {n} 个 1）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/byte_queue.py" />
      <source>→ output</source>
      <translation>→ 输出</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>All files (*)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>All tokenizer files (*.json *.model *.tiktoken *.txt)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>BPE Explorer tokenizer (*.json)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>GPT-2 vocab.json + merges.txt (vocab.json merges.txt *.json *.txt)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Hugging Face tokenizer.json (tokenizer.json *.json)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Mistral Tekken (tekken*.json *.json)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>SentencePiece or Llama 3 model (*.model)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>tiktoken rank file (*.tiktoken *.model)</source>
      <translation type="unfinished" />
    </message>
  </context>
</TS>
