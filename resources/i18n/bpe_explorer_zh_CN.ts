<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>bpe_explorer</name>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>&lt;|endoftext|&gt; inside text</source>
      <translation>文本中的 &lt;|endoftext|&gt;</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>All three in a sentence</source>
      <translation>三者同在一句话里</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>CJK characters are 3 bytes each; rare ones (國) are split into byte tokens.</source>
      <translation>中日韩汉字每个占 3 个字节；生僻字（如 國）会被拆成字节词元。</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Chinese</source>
      <translation>中文</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Cyrillic letters are 2 bytes each; a Russian word usually costs more tokens than an English one.</source>
      <translation>西里尔字母每个占 2 个字节；一个俄语词通常比一个英语词花费更多词元。</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Emoji with a skin tone 🤚🏾</source>
      <translation>带肤色的表情符号 🤚🏾</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Indented Python</source>
      <translation>带缩进的 Python 代码</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Long numbers</source>
      <translation>长数字</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Recognised, the marker is one special token; in strict mode tiktoken refuses the text; as plain text it is ordinary characters.</source>
      <translation>被识别时，这个标记是一个特殊词元；在严格模式下 tiktoken 会拒绝这段文本；当作普通文本时，它只是普通字符。</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Runs of spaces become single tokens in code-aware vocabularies (p50k, cl100k); a tab is another story.</source>
      <translation>在面向代码的词表（p50k、cl100k）中，连续空格会变成单个词元；制表符则是另一回事。</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Russian</source>
      <translation>俄语</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>cl100k and o200k cut digits in groups of at most three; GPT-2's pattern keeps a whole run together.</source>
      <translation>cl100k 和 o200k 把数字切成最多三位一组；GPT-2 的模式则把一整串数字留在一起。</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>Жизнь  Russian for 'life'</source>
      <translation>Жизнь  俄语的“生命”</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>國  a traditional Chinese character</source>
      <translation>國  一个繁体汉字</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>🤚🏾  emoji with a skin-tone modifier</source>
      <translation>🤚🏾  带肤色修饰符的表情符号</translation>
    </message>
    <message>
      <location filename="../../app/content/presets.py" />
      <source>🤚🏾 is two code points and 8 UTF-8 bytes; GPT-4's vocabulary cuts them into pieces that are not characters.</source>
      <translation>🤚🏾 是 2 个码位、8 个 UTF-8 字节；GPT-4 的词表把它切成几个不成字符的片段。</translation>
    </message>
    <message>
      <location filename="../../app/controllers/training.py" />
      <source>cannot start training: {reason}</source>
      <translation>无法开始训练：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/controllers/training.py" />
      <source>no corpus chosen: pick a built-in sample, add text files, or paste some text</source>
      <translation>尚未选择语料：请选一个内置示例文本、添加文本文件，或粘贴一些文本</translation>
    </message>
    <message>
      <location filename="../../app/controllers/training.py" />
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>pasted text</source>
      <translation>粘贴的文本</translation>
    </message>
    <message>
      <location filename="../../app/jobs/training.py" />
      <source>cannot read the checkpoint: {reason}</source>
      <translation>无法读取检查点：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/jobs/training.py" />
      <source>cannot resume this checkpoint: {error}</source>
      <translation>无法从这个检查点继续：{error}</translation>
    </message>
    <message>
      <location filename="../../app/jobs/training.py" />
      <source>training stopped by an unexpected error: {error}</source>
      <translation>训练因意外错误而停止：{error}</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <location filename="../../app/models/step.py" />
      <source>Count</source>
      <translation>计数</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>How often the pair occurred in the corpus when it was merged (each merge removes that many tokens)</source>
      <translation>合并时该相邻对在语料中出现的次数（每次合并都会减少这么多个词元）</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <location filename="../../app/models/step.py" />
      <source>Left</source>
      <translation>左</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>Left part of the pair (its token id in the tooltip)</source>
      <translation>相邻对的左侧部分（词元 id 见悬停提示）</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>Merge order: merge r creates token id 256 + r and is applied before any later merge</source>
      <translation>合并顺序：第 r 次合并生成 id 为 256 + r 的词元，并先于之后的所有合并应用</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>New token</source>
      <translation>新词元</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>Rank</source>
      <translation>合并序号</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <location filename="../../app/models/step.py" />
      <source>Right</source>
      <translation>右</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>Right part of the pair</source>
      <translation>相邻对的右侧部分</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>The new token: · is a space, ⏎ a newline, &lt;e5 9c&gt; bytes that are only part of a character</source>
      <translation>新词元：· 表示空格，⏎ 表示换行，&lt;e5 9c&gt; 表示只是某个字符一部分的字节</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>Tied with {pair} at the same count; the tie-break rule chose this pair</source>
      <translation>与 {pair} 计数相同而并列；并列裁决规则选中了这个相邻对</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>id {id}: bytes {hex}</source>
      <translation>id {id}：字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/models/merges.py" />
      <source>merge {rank} creates token id {id}</source>
      <translation>第 {rank} 次合并生成 id 为 {id} 的词元</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>A piece the pre-tokenizer cut from the corpus; merges happen only inside pieces</source>
      <translation>预分词器从语料中切出的片段；合并只在片段内部发生</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>How many times this piece occurs in the corpus (each occurrence counts for its pairs)</source>
      <translation>这个片段在语料中出现的次数（每次出现都计入它所含的相邻对）</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>How many tokens the piece is made of now</source>
      <translation>这个片段目前由几个词元组成</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>How often the pair occurs now, weighted by the counts of the pre-tokens it is in</source>
      <translation>该相邻对目前的出现次数，按所在预分词片段的计数加权</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Left token of the pair</source>
      <translation>相邻对的左侧词元</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Merged</source>
      <translation>合并结果</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Position in the order the trainer would pick (count first, then the tie-break rule)</source>
      <translation>训练器挑选时的先后位置（先看计数，再按并列裁决规则）</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Pre-token</source>
      <translation>预分词片段</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Right token of the pair</source>
      <translation>相邻对的右侧词元</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Same count as the next pair: the tie-break rule put it after</source>
      <translation>与下一个要合并的相邻对计数相同：并列裁决规则把它排在后面</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Segmentation</source>
      <translation>切分</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>The next Step merges this pair</source>
      <translation>下一次单步将合并这个相邻对</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>The piece's current tokens; the token made by the last merge is outlined in red, the pair the next merge joins is underlined in amber</source>
      <translation>这个片段当前的词元；上一次合并生成的词元用红框标出，下一次合并要连接的相邻对用琥珀色下划线标出</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>The token the merge would create</source>
      <translation>这次合并将生成的词元</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>Tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>bytes: {hex}</source>
      <translation>字节：{hex}</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>ids {left} + {right}</source>
      <translation>id {left} + {right}</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>ids {left} + {right}; training has ended, so no pair is merged next</source>
      <translation>id {left} + {right}；训练已结束，没有下一个要合并的相邻对</translation>
    </message>
    <message>
      <location filename="../../app/models/step.py" />
      <source>ids: {ids}</source>
      <translation>id：{ids}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_live.py" />
      <source>Follow new merges</source>
      <translation>跟随新的合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_live.py" />
      <source>Keep the newest merge in view while training runs</source>
      <translation>训练进行时，始终显示最新的合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>A tokenizer file is being read or written; try again when it is done.</source>
      <translation>正在读取或写入一个分词器文件；请等它完成后再试。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>A training is running: cancel it (or wait for it to end) before resuming another.</source>
      <translation>有训练正在进行：请先取消它（或等它结束），再继续另一个训练。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <location filename="../../app/widgets/open_files.py" />
      <source>BPE Explorer tokenizer (*.json)</source>
      <translation>BPE Explorer 分词器 (*.json)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>BPE Explorer training checkpoint (*.ckpt);;All files (*)</source>
      <translation>BPE Explorer 训练检查点 (*.ckpt);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>No merge was learned, so there is no new tokenizer.</source>
      <translation>没有学到任何合并，因此没有新的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Open tokenizer</source>
      <translation>打开分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Opened {name}: {tokens} tokens, {merges} merges. It is now available in the other views.</source>
      <translation>已打开 {name}：{tokens} 个词元，{merges} 次合并。现在可以在其他视图中使用它。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Opened: &lt;b&gt;{label}&lt;/b&gt;, {tokens} tokens. It is available in the Vocabulary, Tokenize, Compare and Stream decode views.</source>
      <translation>已打开：&lt;b&gt;{label}&lt;/b&gt;，{tokens} 个词元。可在词表、分词、对比和流式解码视图中使用。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Opening {name}…</source>
      <translation>正在打开 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Preparing {n} merges for saving…</source>
      <translation>正在准备保存 {n} 次合并…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Result: &lt;b&gt;{label}&lt;/b&gt;, {tokens} tokens. It is now available in the Vocabulary, Tokenize, Compare and Stream decode views; save it to keep it.</source>
      <translation>结果：&lt;b&gt;{label}&lt;/b&gt;，{tokens} 个词元。现在可在词表、分词、对比和流式解码视图中使用；如需留存，请保存。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Resume a training</source>
      <translation>继续一次训练</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Resuming the training saved in &lt;b&gt;{name}&lt;/b&gt;: its merges come back first, then it goes on. The result becomes a tokenizer when it ends or is cancelled.</source>
      <translation>正在继续保存在 &lt;b&gt;{name}&lt;/b&gt; 中的训练：先恢复已有的合并，然后接着训练。训练结束或取消时，结果会成为一个分词器。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Resuming “{name}” from {file}: {what}.</source>
      <translation>正在从 {file} 继续“{name}”：{what}。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Save the training as a checkpoint</source>
      <translation>将训练保存为检查点</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Save tokenizer “{name}”</source>
      <translation>保存分词器“{name}”</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Saved the training to {path} ({held}). File &gt; Resume training… goes on with it, in this session or a later one.</source>
      <translation>已将训练保存到 {path}（{held}）。可在本次会话或以后通过“文件 &gt; 继续训练…”接着训练。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Saved {merges} merges and {tokens} tokens to {path}.</source>
      <translation>已将 {merges} 次合并和 {tokens} 个词元保存到 {path}。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Saving the training to {name}…</source>
      <translation>正在将训练保存到 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>Saving to {name}…</source>
      <translation>正在保存到 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>The checkpoint was not saved: {reason}</source>
      <translation>检查点未保存：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>The paused training cannot be saved now; try again.</source>
      <translation>暂停的训练现在无法保存；请再试一次。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>There is no tokenizer to save yet: train one (or pause a training) first.</source>
      <translation>还没有可保存的分词器：请先训练一个（或暂停一次训练）。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>There is no training to save as a checkpoint: start one (or resume one) first.</source>
      <translation>没有可保存为检查点的训练：请先开始（或继续）一次训练。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>it was saved while counting, so the corpus is counted again</source>
      <translation>它是在计数时保存的，因此会重新对语料计数</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>its settings and corpus (it was still counting)</source>
      <translation>它的设置和语料（当时仍在计数）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>opened from {path}</source>
      <translation>打开自 {path}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>the paused training ({n} merges)</source>
      <translation>暂停的训练（{n} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>trained on {name} ({size}): vocabulary {vocab_size}, pre-tokenizer {pretokenizer}, tie-break {tie_break}</source>
      <translation>训练语料 {name}（{size}）：词表大小 {vocab_size}，预分词器 {pretokenizer}，并列裁决 {tie_break}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>{name} is a SentencePiece tokenizer: BPE Explorer's format (and File &gt; Export…) holds byte-level tokenizers only. Its own .model or tokenizer.json file stays the way to keep it.</source>
      <translation>{name} 是 SentencePiece 分词器：BPE Explorer 的格式（以及“文件 &gt; 导出…”）只能保存字节级分词器。要留存它，请使用它自己的 .model 或 tokenizer.json 文件。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>{name} · SentencePiece, {pieces} pieces</source>
      <translation>{name} · SentencePiece，{pieces} 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>{name} · {n} merges</source>
      <translation>{name} · {n} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>{name} · {n} merges (cancelled)</source>
      <translation>{name} · {n} 次合并（已取消）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <location filename="../../app/views/train_status.py" />
      <source>{n} merges</source>
      <translation>{n} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_results.py" />
      <source>{n} merges are restored first</source>
      <translation>先恢复 {n} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source> (target {n})</source>
      <translation>（目标 {n}）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source> ({size} in all)</source>
      <translation>（共 {size}）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>256 single bytes + one token per merge + the special tokens</source>
      <translation>256 个单字节 + 每次合并一个词元 + 特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Building the pair index (every adjacent pair of every distinct pre-token)</source>
      <translation>正在建立相邻对索引（每个不同预分词片段中的每个相邻对）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Cancelled after {n} merges; no merge was learned.</source>
      <translation>在 {n} 次合并后取消；没有学到任何合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Cancelled after {n} merges; they are kept as a tokenizer.</source>
      <translation>在 {n} 次合并后取消；这些合并保留为一个分词器。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Cancelling…</source>
      <translation>正在取消…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Corpus: {size}, {pretokens} pre-tokens ({distinct} distinct) · {tokens} tokens now, {bpt} bytes per token</source>
      <translation>语料：{size}，{pretokens} 个预分词片段（{distinct} 个不同）· 当前 {tokens} 个词元，每词元字节数 {bpt}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Counting pre-tokens: {done} of {total}</source>
      <translation>正在统计预分词片段：{done} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Done: {made} ({why}).</source>
      <translation>完成：{made}（{why}）。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Every byte is counted; combining the counts</source>
      <translation>所有字节都已计数；正在汇总计数</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Loading the checkpoint (the merge loop's arrays and the merges made so far)</source>
      <translation>正在载入检查点（合并循环的数组和已完成的合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Merging: {n} of {target} merges</source>
      <translation>合并中：第 {n} / {target} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Paused: {what}</source>
      <translation>已暂停：{what}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Reading the corpus and counting its first block</source>
      <translation>正在读取语料并统计第一块</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Ready: choose a corpus and press Start (F5), or Step (F10) to go merge by merge.</source>
      <translation>就绪：选择语料后按“开始”(F5)，或按“单步”(F10) 一次一次地合并。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Training failed; see the message above the tables.</source>
      <translation>训练失败；请看表格上方的消息。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>Vocabulary: 256 bytes + {n} merges + {specials} special = &lt;b&gt;{total}&lt;/b&gt; tokens</source>
      <translation>词表：256 个字节 + {n} 次合并 + {specials} 个特殊词元 = &lt;b&gt;{total}&lt;/b&gt; 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>about {time} left</source>
      <translation>约剩 {time}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>counting: {done} of {total}</source>
      <translation>计数：{done} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>estimating time left…</source>
      <translation>正在估算剩余时间…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <location filename="../../app/widgets/step_panel.py" />
      <source>no pair was left to merge</source>
      <translation>已没有可合并的相邻对</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <location filename="../../app/widgets/step_panel.py" />
      <source>the vocabulary size was reached</source>
      <translation>已达到词表大小</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>under a second left</source>
      <translation>剩余不到一秒</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>{n} merges ({restored} from the checkpoint, {more} more in {time})</source>
      <translation>{n} 次合并（{restored} 次来自检查点，另外 {more} 次用时 {time}）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>{n} merges in {time}</source>
      <translation>{n} 次合并，用时 {time}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>{n} merges/s</source>
      <translation>每秒 {n} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_status.py" />
      <source>{n} of {target} merges</source>
      <translation>{n} / {target} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source> The previous result, &lt;b&gt;{label}&lt;/b&gt;, can still be saved.</source>
      <translation>之前的结果 &lt;b&gt;{label}&lt;/b&gt; 仍可保存。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>&amp;Cancel</source>
      <translation>取消(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>&amp;Open tokenizer…</source>
      <translation>打开分词器(&amp;O)…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>&amp;Pause</source>
      <translation>暂停(&amp;P)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>&amp;Resume</source>
      <translation>继续(&amp;R)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>&amp;Start</source>
      <translation>开始(&amp;S)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>, </source>
      <translation>、</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Applied the settings suggested for this sample.</source>
      <translation>已应用这个示例文本建议的设置。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Apply</source>
      <translation>应用</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Apply exactly one merge, then pause. From idle: count the corpus and stop before the first merge</source>
      <translation>只做一次合并，然后暂停。若尚未开始：先统计语料，在第一次合并前停下</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Browse vocabulary</source>
      <translation>浏览词表</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Continue a paused training</source>
      <translation>继续已暂停的训练</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Corpus</source>
      <translation>语料</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Corpus &amp;&amp; settings</source>
      <translation>语料与设置</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Fix the settings first: {problem}</source>
      <translation>请先修正设置：{problem}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Go on with a training saved as a checkpoint: its merges table and plots come back, then it makes the merges an uninterrupted run would make</source>
      <translation>接着进行保存为检查点的训练：先恢复合并表和图表，然后做出与不中断训练完全相同的合并</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Keep mine</source>
      <translation>保留我的设置</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Live</source>
      <translation>实时</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Merges as they arrive, and two plots</source>
      <translation>实时到来的合并，以及两张图表</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>No new tokenizer: training failed. Fix what the message says and start again.</source>
      <translation>没有新的分词器：训练失败。请按消息所说修正后重新开始。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>No tokenizer trained yet.</source>
      <translation>还没有训练出分词器。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Open a tokenizer saved by BPE Explorer</source>
      <translation>打开 BPE Explorer 保存的分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Open the result in the Vocabulary tab</source>
      <translation>在“词表”标签页中打开结果</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Pause training (nothing is lost)</source>
      <translation>暂停训练（不会丢失任何进度）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Pre-tokens, pair counts and the reason for each merge</source>
      <translation>预分词片段、相邻对计数，以及每次合并的理由</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Resume &amp;training from checkpoint…</source>
      <translation>从检查点继续训练(&amp;T)…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>S&amp;tep</source>
      <translation>单步(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Save &amp;tokenizer…</source>
      <translation>保存分词器(&amp;T)…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Save the paused or running training to a checkpoint file, to resume it later (File &gt; Resume training…), in this session or another one</source>
      <translation>把暂停或进行中的训练保存为检查点文件，以便稍后在本次或以后的会话中继续（文件 &gt; 继续训练…）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Save this view's tokenizer: the paused run, or the newest result (our JSON format, written atomically)</source>
      <translation>保存本视图的分词器：暂停中的训练，或最新的结果（本程序的 JSON 格式，原子写入）</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Save training as &amp;checkpoint…</source>
      <translation>将训练保存为检查点(&amp;C)…</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Settings</source>
      <translation>设置</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Show or hide the corpus and settings. They fold away while training runs, so the merges and step tables get the room</source>
      <translation>显示或隐藏语料与设置。训练进行时它们会收起，把空间留给合并表和单步表格</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Step by step</source>
      <translation>单步</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Stop training; the merges done so far are kept as a tokenizer</source>
      <translation>停止训练；已完成的合并保留为一个分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>This sample is meant for other settings: {settings}. Apply them?</source>
      <translation>这个示例文本适合另一套设置：{settings}。要应用吗？</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Tokenizer files are read and written in the background; keep working meanwhile</source>
      <translation>分词器文件在后台读写；期间可以继续工作</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Train on the chosen corpus</source>
      <translation>在所选语料上训练</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Training failed: {reason}</source>
      <translation>训练失败：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>Training… The result becomes a tokenizer when training ends or is cancelled; a paused training can be saved as it is.</source>
      <translation>训练中… 训练结束或取消时，结果会成为一个分词器；暂停的训练可以按当前状态保存。</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>pre-tokenizer</source>
      <translation>预分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>special tokens</source>
      <translation>特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>tie-break</source>
      <translation>并列裁决</translation>
    </message>
    <message>
      <location filename="../../app/views/train_view.py" />
      <source>vocabulary size</source>
      <translation>词表大小</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source> + {n} more</source>
      <translation> 及另外 {n} 个文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>&amp;Add files…</source>
      <translation>添加文件(&amp;A)…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>(cannot read {path}: {reason})</source>
      <translation>（无法读取 {path}：{reason}）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Add training files</source>
      <translation>添加训练文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Choose UTF-8 text files to train on</source>
      <translation>选择用于训练的 UTF-8 文本文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Clear</source>
      <translation>清空</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Drop text files anywhere on this panel.</source>
      <translation>把文本文件拖放到本面板任意位置。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Files</source>
      <translation>文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>No built-in samples were found in resources/samples.</source>
      <translation>在 resources/samples 中没有找到内置示例文本。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>One or more UTF-8 text files (Add files…, or drop them here)</source>
      <translation>一个或多个 UTF-8 文本文件（点“添加文件…”，或拖放到这里）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Paste or type a training text here</source>
      <translation>在这里粘贴或输入训练文本</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Paste or type the text to train on</source>
      <translation>粘贴或输入要训练的文本</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Pick a sample; its suggested settings are applied</source>
      <translation>选一个示例文本；会应用它建议的设置</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Remove</source>
      <translation>移除</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Remove the selected files from the list (Delete)</source>
      <translation>从列表中移除所选文件 (Delete)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Sample: {title}</source>
      <translation>示例文本：{title}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Samples</source>
      <translation>示例文本</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Size: {size}</source>
      <translation>大小：{size}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Size: {size} in {n} files</source>
      <translation>大小：{size}，共 {n} 个文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Small texts written for BPE Explorer: one click to a first training</source>
      <translation>为 BPE Explorer 编写的短文本：一键开始第一次训练</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Text</source>
      <translation>文本</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Text files (*.txt *.md *.py *.json *.csv *.tsv *.html *.xml);;All files (*)</source>
      <translation>文本文件 (*.txt *.md *.py *.json *.csv *.tsv *.html *.xml);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>The first characters of the chosen corpus</source>
      <translation>所选语料开头的若干字符</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>The start of the chosen corpus appears here</source>
      <translation>所选语料的开头会显示在这里</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Training reads these files in order; drop more files here</source>
      <translation>训练按顺序读取这些文件；可把更多文件拖放到这里</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>no files chosen: click Add files… or drop text files on the Files tab</source>
      <translation>尚未选择文件：点“添加文件…”，或把文本文件拖放到“文件”标签页</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>no sample is selected: pick one in the Samples tab, add files, or paste text</source>
      <translation>尚未选择示例文本：请在“示例文本”标签页中选一个、添加文件，或粘贴文本</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>the Text tab is empty: paste or type some text to train on</source>
      <translation>“文本”标签页是空的：请粘贴或输入一些要训练的文本</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{name} is empty: there is nothing to learn from; choose a file with some text</source>
      <translation>{name} 是空文件：没有可学习的内容；请选择一个有文本的文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{name} is not UTF-8 text (byte offset {offset}: {reason}); convert it to UTF-8 (for example `iconv -f latin1 -t utf-8`) or choose another file</source>
      <translation>{name} 不是 UTF-8 文本（字节偏移 {offset}：{reason}）；请把它转换为 UTF-8（例如 `iconv -f latin1 -t utf-8`），或选择另一个文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{name} looks like a binary file (it contains zero bytes), not text; choose a UTF-8 text file (.txt, source code, ...)</source>
      <translation>{name} 看起来是二进制文件（含有零字节），不是文本；请选择 UTF-8 文本文件（.txt、源代码等）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{path}: cannot be read ({reason}); check that it is a readable text file</source>
      <translation>{path}：无法读取（{reason}）；请确认它是可读的文本文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{path}: is a folder; choose the text files inside it</source>
      <translation>{path}：是一个文件夹；请选择其中的文本文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{path}: no such file; check the path</source>
      <translation>{path}：文件不存在；请检查路径</translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>{path}: the file is gone; remove it from the list or restore it</source>
      <translation>{path}：文件已不存在；请从列表中移除它，或把它恢复</translation>
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
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>Bytes per token (training corpus)</source>
      <translation>每词元字节数（训练语料）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>Corpus bytes ÷ corpus tokens after each merge (exact: the engine counts the tokens each merge replaces)</source>
      <translation>每次合并后的语料字节数 ÷ 语料词元数（精确值：引擎统计每次合并替换掉的词元）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>How often each merged pair occurred when it was merged (log scale)</source>
      <translation>每个被合并的相邻对在合并时的出现次数（对数刻度）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>Pair count at each merge (log scale)</source>
      <translation>每次合并时的相邻对计数（对数刻度）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>bytes/token</source>
      <translation>字节/词元</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>count</source>
      <translation>计数</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>merge rank</source>
      <translation>合并序号</translation>
    </message>
    <message>
      <location filename="../../app/widgets/plots.py" />
      <source>merges</source>
      <translation>合并次数</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source> (the pair was counted {count} times: overlapping occurrences count as two pairs but merge once)</source>
      <translation>（该相邻对计数为 {count} 次：重叠的出现算作两个相邻对，但只合并一次）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source> ({n} pairs share that count)</source>
      <translation>（有 {n} 个相邻对是这个计数）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>; the corpus is now {tokens} tokens.</source>
      <translation>；语料现在有 {tokens} 个词元。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Merge {rank}&lt;/b&gt; applied: {pair} → &lt;b&gt;{new}&lt;/b&gt; (new id {id}), {n} occurrence replaced</source>
      <translation>已应用&lt;b&gt;第 {rank} 次合并&lt;/b&gt;：{pair} → &lt;b&gt;{new}&lt;/b&gt;（新 id {id}），替换了 {n} 处</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Merge {rank}&lt;/b&gt; applied: {pair} → &lt;b&gt;{new}&lt;/b&gt; (new id {id}), {n} occurrences replaced</source>
      <translation>已应用&lt;b&gt;第 {rank} 次合并&lt;/b&gt;：{pair} → &lt;b&gt;{new}&lt;/b&gt;（新 id {id}），替换了 {n} 处</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Next merge&lt;/b&gt; ({n}): {pair} → &lt;b&gt;{new}&lt;/b&gt;, the most frequent pair ({count} time).</source>
      <translation>&lt;b&gt;下一次合并&lt;/b&gt;（{n}）：{pair} → &lt;b&gt;{new}&lt;/b&gt;，出现最多的相邻对（{count} 次）。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Next merge&lt;/b&gt; ({n}): {pair} → &lt;b&gt;{new}&lt;/b&gt;, the most frequent pair ({count} times).</source>
      <translation>&lt;b&gt;下一次合并&lt;/b&gt;（{n}）：{pair} → &lt;b&gt;{new}&lt;/b&gt;，出现最多的相邻对（{count} 次）。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;No pair is left&lt;/b&gt;: every pre-token is a single token. The next Step ends training.</source>
      <translation>&lt;b&gt;已没有相邻对&lt;/b&gt;：每个预分词片段都只剩一个词元。下一次单步将结束训练。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Pair counts&lt;/b&gt; (highlighted: merged next)</source>
      <translation>&lt;b&gt;相邻对计数&lt;/b&gt;（高亮：下一个合并）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Pre-tokens&lt;/b&gt;</source>
      <translation>&lt;b&gt;预分词片段&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Pre-tokens&lt;/b&gt; ({shown} of {total}, most frequent first)</source>
      <translation>&lt;b&gt;预分词片段&lt;/b&gt;（{total} 个中的 {shown} 个，按出现次数从多到少）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Pre-tokens&lt;/b&gt; ({total} distinct)</source>
      <translation>&lt;b&gt;预分词片段&lt;/b&gt;（{total} 个不同）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Step mode.&lt;/b&gt; Choose a small corpus (the &lt;i&gt;Hello helo, I'm&lt;/i&gt; or &lt;i&gt;low lower widest newest&lt;/i&gt; samples), then press &lt;b&gt;Step&lt;/b&gt; (F10): the corpus is counted and training stops before the first merge. Each further Step applies exactly one merge, and both tables show what changed.</source>
      <translation>&lt;b&gt;单步模式。&lt;/b&gt;选择一个小语料（示例文本 &lt;i&gt;Hello helo, I'm&lt;/i&gt; 或 &lt;i&gt;low lower widest newest&lt;/i&gt;），然后按&lt;b&gt;单步&lt;/b&gt; (F10)：先统计语料，训练在第一次合并前停下。之后每按一次单步只做一次合并，两张表格会显示发生了什么变化。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;Training ended&lt;/b&gt; after {n} merges: {why}. The tables show the final state.</source>
      <translation>&lt;b&gt;训练已结束&lt;/b&gt;，共 {n} 次合并：{why}。表格显示的是最终状态。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>&lt;b&gt;{what}.&lt;/b&gt; The tables show the state when training pauses (F6), takes one Step (F10) or ends.</source>
      <translation>&lt;b&gt;{what}。&lt;/b&gt;训练暂停 (F6)、单步 (F10) 或结束时，表格会显示当时的状态。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>Adjacent token pairs with the highest counts; the first is merged next</source>
      <translation>计数最高的相邻词元对；第一个将在下一次合并</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>Counting the corpus</source>
      <translation>正在统计语料</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>Paused while counting the corpus: press &lt;b&gt;Step&lt;/b&gt; to finish counting and stop before the first merge, or &lt;b&gt;Resume&lt;/b&gt;.</source>
      <translation>在统计语料时暂停：按&lt;b&gt;单步&lt;/b&gt;完成计数并在第一次合并前停下，或按&lt;b&gt;继续&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>The most frequent pre-tokens and how they are segmented now</source>
      <translation>出现最多的预分词片段，以及它们当前的切分</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>Tie: {both}. Rule “greatest” (GPT-2's) takes the pair that sorts last as byte strings: {pair} wins because {why}.</source>
      <translation>并列：{both}。规则“greatest”（GPT-2 的做法）选按字节串排序最靠后的相邻对：{pair} 胜出，因为{why}。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>Tie: {both}. Rule “smallest” takes the pair that sorts first as byte strings: {pair} wins because {why}.</source>
      <translation>并列：{both}。规则“smallest”选按字节串排序最靠前的相邻对：{pair} 胜出，因为{why}。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>Training runs: {n} of {target} merges</source>
      <translation>训练进行中：{n} / {target} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>it was cancelled</source>
      <translation>训练被取消</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>its {part} part has {x} where the other has {y}</source>
      <translation>它的{part}侧在另一对是 {y} 的位置上是 {x}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>its {part} part {big} extends {small} (a longer string sorts after its prefix)</source>
      <translation>它的{part}侧 {big} 是 {small} 的延长（较长的串排在它的前缀之后）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>left</source>
      <translation>左</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>right</source>
      <translation>右</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>the other's {part} part has {x} where the other has {y}</source>
      <translation>另一对的{part}侧在这一对是 {y} 的位置上是 {x}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>the other's {part} part {big} extends {small} (a longer string sorts after its prefix)</source>
      <translation>另一对的{part}侧 {big} 是 {small} 的延长（较长的串排在它的前缀之后）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>{a} and {b} both occur {count} times</source>
      <translation>{a} 和 {b} 都出现了 {count} 次</translation>
    </message>
    <message>
      <location filename="../../app/widgets/step_panel.py" />
      <source>{a} and {b} have the same count</source>
      <translation>{a} 和 {b} 的计数相同</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>&amp;Pre-tokenizer</source>
      <translation>预分词器(&amp;P)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>&amp;Special tokens</source>
      <translation>特殊词元(&amp;S)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>&amp;Tie-break</source>
      <translation>并列裁决(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>&amp;Vocabulary size</source>
      <translation>词表大小(&amp;V)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>A regular expression (Python `regex` syntax, \p{L} works). Each match is a piece; text between
matches becomes pieces of its own, so nothing is lost. \S+ splits at whitespace, as in the low-lower-widest-newest example.</source>
      <translation>一个正则表达式（Python `regex` 语法，可用 \p{L}）。每个匹配是一个片段；匹配之间的文本
自成片段，因此不会丢失任何内容。\S+ 按空白切分，就像 low-lower-widest-newest 例题那样。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Custom &amp;regex</source>
      <translation>自定义正则(&amp;R)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Custom regex…</source>
      <translation>自定义正则…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Each chip is one piece; · is a space, → a tab; special tokens are dark</source>
      <translation>每个色块是一个片段；· 表示空格，→ 表示制表符；特殊词元为深色</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>GPT-2 regex (tiktoken r50k/p50k)</source>
      <translation>GPT-2 正则（tiktoken r50k/p50k）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>GPT-4 regex (tiktoken cl100k)</source>
      <translation>GPT-4 正则（tiktoken cl100k）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>GPT-4o regex (tiktoken o200k)</source>
      <translation>GPT-4o 正则（tiktoken o200k）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>How the text is cut into pieces before BPE; merges never cross a piece boundary.
The GPT patterns keep a leading space with the word (' world'), split digits and punctuation.</source>
      <translation>BPE 之前如何把文本切成片段；合并永远不会跨越片段边界。
GPT 的模式把词前的空格留在词上（' world'），并把数字和标点分开。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Lexicographically greatest pair (GPT-2, CS336)</source>
      <translation>字典序最大的相邻对（GPT-2、CS336）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Lexicographically smallest pair</source>
      <translation>字典序最小的相邻对</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>None (merges may cross words)</source>
      <translation>无（合并可以跨越词）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Preview &amp;line</source>
      <translation>预览行(&amp;L)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Setting not accepted: {reason}</source>
      <translation>设置无效：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Special tokens, separated by spaces. The corpus is split at them first; they never take
part in a merge and each gets its own id after the last merge.</source>
      <translation>特殊词元，用空格分隔。语料先在它们处切开；它们从不参与
合并，每个在最后一次合并之后获得自己的 id。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>The pre-tokenizer cannot be used: {reason}</source>
      <translation>无法使用该预分词器：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Tokens in the finished vocabulary: 256 single bytes + the merges + the special tokens.
Merges learned = vocabulary size − 256 − special tokens.</source>
      <translation>训练完成后词表中的词元数：256 个单字节 + 合并 + 特殊词元。
学到的合并次数 = 词表大小 − 256 − 特殊词元数。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Type any line to see how the chosen pre-tokenizer cuts it</source>
      <translation>输入任意一行，看所选预分词器如何切分它</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>When two pairs occur equally often, which one is merged first.
'greatest' compares the pairs as byte strings and takes the largest, as GPT-2 did.</source>
      <translation>两个相邻对出现次数相同时，先合并哪一个。
'greatest' 把相邻对当作字节串比较，取最大的那个，与 GPT-2 的做法相同。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>Whitespace prefix (SentencePiece-like ▁)</source>
      <translation>空白前缀（类似 SentencePiece 的 ▁）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/train_settings.py" />
      <source>none (separate several with spaces)</source>
      <translation>无（多个之间用空格分隔）</translation>
    </message>
  </context>
</TS>
