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
      <location filename="../../app/features/families/content.py" />
      <location filename="../../app/features/measure/texts.py" />
      <location filename="../../app/features/sweep/heldout.py" />
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
    <message numerus="yes">
      <location filename="../../app/core/registry.py" />
      <source>Hugging Face cache: {name} of revision {revision} (%n byte(s))</source>
      <translation>
        <numerusform>Hugging Face 缓存：修订版本 {revision} 的 {name}（%n 字节）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>a tokenizer needs a name: type at least one character</source>
      <translation>分词器需要一个名称：请至少输入一个字符</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>cannot load {key}: {reason}</source>
      <translation>无法加载 {key}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>opened {time}</source>
      <translation>{time} 打开</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <location filename="../../app/core/tokenizer_files.py" />
      <location filename="../../app/features/train/results.py" />
      <source>tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>trained {time}</source>
      <translation>{time} 训练</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>{key} is a model of the Hugging Face cache and stays listed</source>
      <translation>{key} 是 Hugging Face 缓存中的模型，会一直列出</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>{key} is a model of the Hugging Face cache; its name cannot change</source>
      <translation>{key} 是 Hugging Face 缓存中的模型，名称不能更改</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>{key} is one of OpenAI's encodings and cannot be removed</source>
      <translation>{key} 是 OpenAI 的编码之一，不能移除</translation>
    </message>
    <message>
      <location filename="../../app/core/registry.py" />
      <source>{key} is one of OpenAI's encodings; its name cannot change</source>
      <translation>{key} 是 OpenAI 的编码之一，名称不能更改</translation>
    </message>
    <message>
      <location filename="../../app/core/text_files.py" />
      <source>{name} is empty: there is nothing to measure</source>
      <translation>{name} 是空文件：没有可测量的内容</translation>
    </message>
    <message>
      <location filename="../../app/core/text_files.py" />
      <source>{name} is not UTF-8 text: byte {index} ({hex}) cannot be decoded; save it as UTF-8 and add it again</source>
      <translation>{name} 不是 UTF-8 文本：第 {index} 个字节（{hex}）无法解码；请将其另存为 UTF-8 后重新添加</translation>
    </message>
    <message>
      <location filename="../../app/core/text_files.py" />
      <source>{name} is {size} MB; texts of up to {limit} MB can be measured (take a part of it)</source>
      <translation>{name} 有 {size} MB；只能测量不超过 {limit} MB 的文本（请取其中一部分）</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>Cannot open {path}: {reason}</source>
      <translation>无法打开 {path}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>Cannot open {path}: {reason}; check the path and permissions.</source>
      <translation>无法打开 {path}：{reason}；请检查路径和权限。</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>Cannot save the tokenizer to {path}: {reason}.</source>
      <translation>无法把分词器保存到 {path}：{reason}。</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>Cannot save the tokenizer to {path}: {reason}. Choose another folder or name.</source>
      <translation>无法把分词器保存到 {path}：{reason}。请选择其他文件夹或名称。</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>unexpected error ({kind}: {detail})</source>
      <translation>意外错误（{kind}: {detail}）</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>{name} (from {file})</source>
      <translation>{name}（来自 {file}）</translation>
    </message>
    <message>
      <location filename="../../app/core/tokenizer_files.py" />
      <source>{path}: cannot be loaded ({reason})</source>
      <translation>{path}：无法加载（{reason}）</translation>
    </message>
    <message>
      <location filename="../../app/core/training/controller.py" />
      <source>cannot start training: {reason}</source>
      <translation>无法开始训练：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/core/training/request.py" />
      <source>no corpus chosen: pick a built-in sample, add text files, or paste some text</source>
      <translation>尚未选择语料：请选一个内置示例文本、添加文本文件，或粘贴一些文本</translation>
    </message>
    <message>
      <location filename="../../app/core/training/request.py" />
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>pasted text</source>
      <translation>粘贴的文本</translation>
    </message>
    <message>
      <location filename="../../app/core/training/worker.py" />
      <source>cannot read the checkpoint: {reason}</source>
      <translation>无法读取检查点：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/core/training/worker.py" />
      <source>cannot resume this checkpoint: {error}</source>
      <translation>无法从这个检查点继续：{error}</translation>
    </message>
    <message>
      <location filename="../../app/core/training/worker.py" />
      <source>training stopped by an unexpected error: {error}</source>
      <translation>训练因意外错误而停止：{error}</translation>
    </message>
    <message>
      <location filename="../../app/core/training/worker.py" />
      <source>{path} is a folder: give the checkpoint a file name inside it (e.g. {example})</source>
      <translation>{path} 是一个文件夹：请在其中给检查点起一个文件名（例如 {example}）</translation>
    </message>
    <message>
      <location filename="../../app/core/training/worker.py" />
      <source>{path} is not a BPE Explorer training checkpoint (or it is damaged); choose a .ckpt file saved with Training &gt; Save training as checkpoint</source>
      <translation>{path} 不是 BPE Explorer 的训练检查点（或已损坏）；请选择用“训练 &gt; 将训练保存为检查点”保存的 .ckpt 文件</translation>
    </message>
    <message>
      <location filename="../../app/display/additions.py" />
      <source>Add BOS/EOS</source>
      <translation>添加 BOS/EOS</translation>
    </message>
    <message>
      <location filename="../../app/display/additions.py" />
      <source>Add BOS/EOS as the model does: each column gets the special tokens its model adds around every text, counted in the column and the summary:
{lines}
(as Hugging Face's encode(text) does; one choice with the Tokenize tab's box)</source>
      <translation>像模型一样添加 BOS/EOS：每一列在每段文本前后加上其模型添加的特殊词元，计入该列和汇总表：
{lines}
（与 Hugging Face 的 encode(text) 相同；与“分词”标签页的复选框是同一个选择）</translation>
    </message>
    <message>
      <location filename="../../app/display/additions.py" />
      <source>Add BOS/EOS as the model does: put the special tokens it adds around every text: {tokens}
(as Hugging Face's encode(text) does: the file's post-processor or its tokenizer_config.json)</source>
      <translation>像模型一样添加 BOS/EOS：在每段文本前后加上模型添加的特殊词元：{tokens}
（与 Hugging Face 的 encode(text) 相同：取自文件的后处理器或其 tokenizer_config.json）</translation>
    </message>
    <message>
      <location filename="../../app/display/additions.py" />
      <source>None of these tokenizers' files adds special tokens around a text (tiktoken files add none).</source>
      <translation>这些分词器的文件都不会在文本前后添加特殊词元（tiktoken 文件都不添加）。</translation>
    </message>
    <message>
      <location filename="../../app/display/additions.py" />
      <source>This tokenizer's file adds no special tokens around a text (tiktoken files add none).</source>
      <translation>此分词器的文件不会在文本前后添加特殊词元（tiktoken 文件都不添加）。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>&lt;code&gt;e5→國&lt;/code&gt; a byte-fallback piece (&amp;lt;0xE5&amp;gt;): one UTF-8 byte, in hex, of a character the vocabulary lacks, and that character</source>
      <translation>&lt;code&gt;e5→國&lt;/code&gt; 字节回退片段（&amp;lt;0xE5&amp;gt;）：词表中没有的字符的一个 UTF-8 字节（十六进制），以及该字符</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>A token that is only part of a UTF-8 character cannot be shown as text: its bytes are written in hex, and an arrow points at the character they belong to</source>
      <translation>只是 UTF-8 字符一部分的词元无法显示为文本：它的字节以十六进制书写，箭头指向它们所属的字符</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>BPE</source>
      <translation>BPE</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Hover or click a token (or an id) to see its bytes and how the tokenizer made it.</source>
      <translation>悬停或点击一个词元（或 id），查看它的字节以及分词器如何得到它。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Hover or click a token (or an id) to see its piece and how Unigram chose it: the most probable segmentation of its word, by the pieces' scores.</source>
      <translation>悬停或点击一个词元（或 id），查看它的片段以及 Unigram 为何选它：按片段的分数，它所在词的概率最大的切分。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Hover or click a token (or an id) to see its piece and how WordPiece cut its word: the longest match in the vocabulary first.</source>
      <translation>悬停或点击一个词元（或 id），查看它的片段以及 WordPiece 如何切分它所在的词：先取词表中的最长匹配。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Hover or click a token (or an id) to see its piece and the merges that made it.</source>
      <translation>悬停或点击一个词元（或 id），查看它的片段以及生成它的合并。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Legend: &lt;code&gt;##ing&lt;/code&gt; a piece that continues the word before it · &lt;code&gt;[UNK]&lt;/code&gt; a word no pieces of the vocabulary cover (or longer than the limit) · spaces are not tokens: words are split at spaces and punctuation first</source>
      <translation>图例：&lt;code&gt;##ing&lt;/code&gt; 接续前面词的片段 · &lt;code&gt;[UNK]&lt;/code&gt; 词表中的片段无法覆盖的词（或超过长度上限的词）· 空格不是词元：先在空格和标点处切分出词</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Legend: &lt;code&gt;&amp;lt;e3 80&amp;gt;&lt;/code&gt; one token holding the bytes e3 80, part of a character · &lt;code&gt;&amp;lt;80&amp;gt;&amp;lt;82&amp;gt;&lt;/code&gt; two tokens of one byte each · &lt;code&gt;·&lt;/code&gt; space · &lt;code&gt;⏎&lt;/code&gt; newline · &lt;code&gt;→&lt;/code&gt; tab</source>
      <translation>图例：&lt;code&gt;&amp;lt;e3 80&amp;gt;&lt;/code&gt; 一个含字节 e3 80 的词元，是字符的一部分 · &lt;code&gt;&amp;lt;80&amp;gt;&amp;lt;82&amp;gt;&lt;/code&gt; 两个各含一个字节的词元 · &lt;code&gt;·&lt;/code&gt; 空格 · &lt;code&gt;⏎&lt;/code&gt; 换行 · &lt;code&gt;→&lt;/code&gt; 制表符</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Legend: &lt;code&gt;▁&lt;/code&gt; a space (it starts the piece of a new word) · {missing} · &lt;code&gt;⏎&lt;/code&gt; newline · &lt;code&gt;→&lt;/code&gt; tab</source>
      <translation>图例：&lt;code&gt;▁&lt;/code&gt; 空格（新词片段的开头）· {missing} · &lt;code&gt;⏎&lt;/code&gt; 换行 · &lt;code&gt;→&lt;/code&gt; 制表符</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Pieces are text, not bytes: the model writes a space as ▁ and never splits a character, except into byte-fallback pieces when the vocabulary lacks it</source>
      <translation>片段是文本而不是字节：模型把空格写成 ▁，从不拆开一个字符，除非词表中没有该字符，这时拆成字节回退片段</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>Pieces are text, not bytes: the model writes a space as ▁ and never splits a character; a character the vocabulary lacks is the unknown piece</source>
      <translation>片段是文本而不是字节：模型把空格写成 ▁，从不拆开一个字符；词表中没有的字符是未知片段</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <location filename="../../app/features/families/family.py" />
      <source>Unigram</source>
      <translation>Unigram</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <location filename="../../app/features/families/family.py" />
      <source>WordPiece</source>
      <translation>WordPiece</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>WordPiece keeps pieces of text, not bytes: each word is cut greedily, the longest piece in the vocabulary first; a word with a part no piece matches becomes one [UNK]</source>
      <translation>WordPiece 保存的是文本片段而不是字节：每个词被贪心切分，先取词表中最长的片段；有一部分无法匹配任何片段的词整体变成一个 [UNK]</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>a character the vocabulary lacks becomes the unknown piece (this model has no byte fallback)</source>
      <translation>词表中没有的字符变成未知片段（此模型没有字节回退）</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>no merge tree</source>
      <translation>没有合并树</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>no merge tree: Unigram keeps a list of pieces with scores and picks the most probable cut, not merges</source>
      <translation>没有合并树：Unigram 保存一份带分数的片段表，选概率最大的切分，不靠合并</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>no merge tree: WordPiece keeps a list of whole tokens (## marks one that continues a word) and cuts words by the longest match, not by merges</source>
      <translation>没有合并树：WordPiece 保存一份完整词元的表（## 表示接续词内的词元），按最长匹配切词，不靠合并</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>{name} is a SentencePiece model: it stores scores, not merges learned in order, so it has no {view}. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …).</source>
      <translation>{name} 是 SentencePiece 模型：它保存的是分数，而不是按顺序学到的合并，所以没有{view}。请选一个 BPE 分词器（你训练的、GPT-2、Llama 3 等）。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>{name} is a Unigram tokenizer: it keeps the most probable cut of each word by its pieces' scores and has no merges, so it has no {view}. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …).</source>
      <translation>{name} 是 Unigram 分词器：它按片段的分数为每个词取概率最大的切分，没有合并，所以没有{view}。请选一个 BPE 分词器（你训练的、GPT-2、Llama 3 等）。</translation>
    </message>
    <message>
      <location filename="../../app/display/algorithms.py" />
      <source>{name} is a WordPiece tokenizer (BERT): it cuts each word by the longest match in its vocabulary and learned no merges in order, so it has no {view}. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …).</source>
      <translation>{name} 是 WordPiece 分词器（BERT）：它按词表中的最长匹配切分每个词，没有按顺序学到的合并，所以没有{view}。请选一个 BPE 分词器（你训练的、GPT-2、Llama 3 等）。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/display/format.py" />
      <location filename="../../app/features/measure/view.py" />
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>%n byte(s)</source>
      <translation>
        <numerusform>%n 字节</numerusform>
      </translation>
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
      <source>{s} s</source>
      <translation>{s} 秒</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/display/html_export.py" />
      <source>%n UTF-8 byte(s)</source>
      <translation>
        <numerusform>%n 个 UTF-8 字节</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/display/html_export.py" />
      <location filename="../../app/display/token_data.py" />
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>%n byte(s): {hex}</source>
      <translation>
        <numerusform>%n 字节：{hex}</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/display/html_export.py" />
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <location filename="../../app/features/train/opened.py" />
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/features/train/status.py" />
      <location filename="../../app/features/vocabulary/view.py" />
      <source>%n token(s)</source>
      <translation>
        <numerusform>%n 个词元</numerusform>
      </translation>
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
      <source>{tokens} · {bytes} · {ratio} bytes per token · hover a token for its id</source>
      <translation>{tokens} · {bytes} · 每词元字节数 {ratio} · 鼠标悬停在词元上可看其 id</translation>
    </message>
    <message>
      <location filename="../../app/display/html_export.py" />
      <source>· space, ⏎ newline, → tab; &lt;span class="hex"&gt;e3 80&lt;/span&gt; bytes of a character split across tokens (dashed). Made with BPE Explorer.</source>
      <translation>· 空格，⏎ 换行，→ 制表符；&lt;span class="hex"&gt;e3 80&lt;/span&gt; 被拆到多个词元中的字符的字节（虚线框）。由 BPE Explorer 生成。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/display/token_data.py" />
      <source>'{char}' ({code}, %n byte(s) {hex})</source>
      <translation>
        <numerusform>'{char}'（{code}，%n 字节 {hex}）</numerusform>
      </translation>
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
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Piece: {piece}</source>
      <translation>片段：{piece}</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <location filename="../../app/features/families/chip_tooltip.py" />
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
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Token {k} of {n}: id {id}</source>
      <translation>第 {k} 个词元（共 {n} 个）：ID {id}</translation>
    </message>
    <message>
      <location filename="../../app/display/token_data.py" />
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Which merge made it: being worked out (a few seconds the first time)</source>
      <translation>由哪次合并生成：正在计算（首次需要几秒钟）</translation>
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
      <location filename="../../app/features/compare/boundary_diff.py" />
      <source> Left out: {names}: their tokens decode to another text (normalized: lower-cased or re-spaced), so their cuts cannot be compared with the others'.</source>
      <translation>未参与比较：{names}：它们的词元解码后是另一段文本（经过规范化：转为小写或调整了空格），因此其切分位置无法与其他列比较。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/boundary_diff.py" />
      <location filename="../../app/features/families/lost.py" />
      <location filename="../../app/features/families/model.py" />
      <source> and {n} more</source>
      <translation> 等，另有 {n} 处</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/boundary_diff.py" />
      <source>Boundary diff: &lt;b&gt;%n&lt;/b&gt; stretch(es) cut differently (outlined in orange in every column): {samples}{more}.</source>
      <translation>
        <numerusform>边界差异：&lt;b&gt;%n&lt;/b&gt; 处切分不同（在每一列中以橙色框出）：{samples}{more}。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/boundary_diff.py" />
      <source>Boundary diff: every tokenizer cuts this text at the same places.</source>
      <translation>边界差异：每个分词器都在相同位置切分这段文本。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/boundary_diff.py" />
      <source>Boundary diff: needs at least two working columns.</source>
      <translation>边界差异：至少需要两个可用的列。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/column.py" />
      <source>&lt;b&gt;%n&lt;/b&gt; token(s) · {bytes} bytes/token · {chars} chars/token</source>
      <translation>
        <numerusform>&lt;b&gt;%n&lt;/b&gt; 个词元 · {bytes} 字节/词元 · {chars} 字符/词元</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <source>&lt;b&gt;{key} cannot be loaded.&lt;/b&gt;&lt;br&gt;{reason}&lt;br&gt;&lt;br&gt;{help}&lt;br&gt;&lt;br&gt;The other columns keep working.</source>
      <translation>&lt;b&gt;{key} 无法加载。&lt;/b&gt;&lt;br&gt;{reason}&lt;br&gt;&lt;br&gt;{help}&lt;br&gt;&lt;br&gt;其他列照常工作。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <source>Load the encoding from a local .tiktoken file (base64 token and rank per line)</source>
      <translation>从本地 .tiktoken 文件加载编码（每行一个 base64 词元及其合并序号）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <source>Loading &lt;b&gt;{key}&lt;/b&gt;… building its merge list takes a few seconds the first time.</source>
      <translation>正在加载 &lt;b&gt;{key}&lt;/b&gt;… 首次构建其合并列表需要几秒钟。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Open .tiktoken file…</source>
      <translation>打开 .tiktoken 文件…</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <source>Remove this column (at least two stay)</source>
      <translation>移除此列（至少保留两列）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Retry</source>
      <translation>重试</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <location filename="../../app/features/compare/summary_table.py" />
      <location filename="../../app/features/families/row_status.py" />
      <source>loading…</source>
      <translation>加载中…</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/column.py" />
      <location filename="../../app/features/compare/summary_table.py" />
      <location filename="../../app/features/families/row_status.py" />
      <source>unavailable</source>
      <translation>不可用</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_job.py" />
      <source>{path} is empty; choose a file with some text</source>
      <translation>{path} 是空文件；请选择一个有文本的文件</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_job.py" />
      <source>{path}: cannot be read ({reason}); choose another file</source>
      <translation>{path}：无法读取（{reason}）；请选择其他文件</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_job.py" />
      <source>{path}: encoding failed ({kind}: {reason})</source>
      <translation>{path}：编码失败（{kind}: {reason}）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source> (%n column(s) without a tokenizer skipped)</source>
      <translation>
        <numerusform>（跳过了 %n 个没有分词器的列）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>&lt;b&gt;Cannot use this file.&lt;/b&gt; {reason}</source>
      <translation>&lt;b&gt;无法使用此文件。&lt;/b&gt; {reason}</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Add BOS/EOS: each non-blank line of the file is one text (%n here), and the tokens counted include the special tokens each model adds around a text, once per line.</source>
      <translation>
        <numerusform>添加 BOS/EOS：文件中每个非空行算作一段文本（此处共 %n 行），计入的词元包括每个模型在一段文本前后添加的特殊词元，每行一次。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>BOS/EOS counted once per non-blank line (%n).</source>
      <translation>
        <numerusform>BOS/EOS 按每个非空行计一次（共 %n 行）。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <location filename="../../app/features/families/training_panel.py" />
      <location filename="../../app/features/measure/side_panel.py" />
      <location filename="../../app/widgets/open_files.py" />
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Cancelled. Rows with corpus figures finished before Cancel; the others show —.</source>
      <translation>已取消。有语料数据的行在取消前已完成；其余行显示 —。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Choose a UTF-8 text file</source>
      <translation>选择一个 UTF-8 文本文件</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Choose a UTF-8 text file to compare the tokenizers' compression on more than a snippet.</source>
      <translation>选择一个 UTF-8 文本文件，在比片段更长的文本上对比各分词器的压缩率。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Choose a file first.</source>
      <translation>请先选择文件。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <location filename="../../app/features/families/training_panel.py" />
      <source>Choose file…</source>
      <translation>选择文件…</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Done: {mb} MB encoded by each tokenizer in {s} s in total.</source>
      <translation>完成：每个分词器各编码了 {mb} MB，共用时 {s} 秒。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Encode only the first megabytes of the file (0: the whole file)</source>
      <translation>只编码文件的前若干 MB（0：整个文件）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Encode the file with every column's tokenizer (Ctrl+Return)</source>
      <translation>用每一列的分词器编码该文件 (Ctrl+Return)</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Encoding {name} with %n tokenizer(s)…</source>
      <translation>
        <numerusform>正在用 %n 个分词器编码 {name}…</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>No column has a usable tokenizer yet.</source>
      <translation>还没有哪一列有可用的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>No file chosen</source>
      <translation>未选择文件</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Press Run to encode the file with every column's tokenizer.</source>
      <translation>按“运行”用每一列的分词器编码该文件。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Stop the corpus run (Esc)</source>
      <translation>停止语料运行 (Esc)</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>Use at most</source>
      <translation>最多使用</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>whole file</source>
      <translation>整个文件</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>{name} (cannot be read)</source>
      <translation>{name}（无法读取）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/corpus_panel.py" />
      <source>{name} ({mb} MB)</source>
      <translation>{name}（{mb} MB）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_model.py" />
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Bytes (hex)</source>
      <translation>字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_model.py" />
      <location filename="../../app/features/vocabulary/model.py" />
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>Id</source>
      <translation>ID</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_model.py" />
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Length</source>
      <translation>长度</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_model.py" />
      <location filename="../../app/features/vocabulary/model.py" />
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>Token</source>
      <translation>词元</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/overlap_model.py" />
      <location filename="../../app/features/vocabulary/model.py" />
      <source>id {id}: %n byte(s) {hex}</source>
      <translation>
        <numerusform>ID {id}：%n 个字节 {hex}</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>A:</source>
      <translation>A：</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>B:</source>
      <translation>B：</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Choose two tokenizers to see how many tokens they share.</source>
      <translation>选择两个分词器，查看它们共有多少词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Count special tokens</source>
      <translation>计入特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Filter by text…</source>
      <translation>按文本筛选…</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>In both (the same bytes): &lt;b&gt;%n&lt;/b&gt; token(s), &lt;b&gt;{share_a}&lt;/b&gt; of A’s {size_a} and &lt;b&gt;{share_b}&lt;/b&gt; of B’s {size_b}. Only in A: {only_a} · only in B: {only_b}.</source>
      <translation>
        <numerusform>两者共有 &lt;b&gt;%n&lt;/b&gt; 个词元（字节相同）：占 A 的 {size_a} 个的 &lt;b&gt;{share_a}&lt;/b&gt;，占 B 的 {size_b} 个的 &lt;b&gt;{share_b}&lt;/b&gt;。仅 A 有：{only_a} · 仅 B 有：{only_b}。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Loading the tokenizers…</source>
      <translation>正在加载分词器…</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Only in A</source>
      <translation>仅 A 有</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Only in A · in both · only in B, to scale</source>
      <translation>仅 A 有 · 两者共有 · 仅 B 有，按比例绘制</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Only in B</source>
      <translation>仅 B 有</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Special tokens are names (&lt;|endoftext|&gt;), not bytes of text; they are left out unless ticked</source>
      <translation>特殊词元是名字（如 &lt;|endoftext|&gt;），不是文本的字节；除非勾选，否则不计入</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Swap A and B</source>
      <translation>交换 A 和 B</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>The overlap cannot be computed: {reason}</source>
      <translation>无法计算词表重叠：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <source>Tokens are the same when their bytes are (a SentencePiece ▁the is GPT-2's Ġthe). Each vocabulary counts its distinct token bytes.</source>
      <translation>字节相同的词元就是同一个词元（SentencePiece 的 ▁the 就是 GPT-2 的 Ġthe）。每个词表按不同的词元字节计数。</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/overlap_panel.py" />
      <location filename="../../app/features/families/view.py" />
      <source>{key} cannot be loaded: {why}</source>
      <translation>{key} 无法加载：{why}</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <location filename="../../app/features/families/model.py" />
      <location filename="../../app/features/measure/tables.py" />
      <source>Bytes/token</source>
      <translation>字节/词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Characters per token for the text above</source>
      <translation>上方文本的每词元字符数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Characters per token on the corpus file</source>
      <translation>语料文件的每词元字符数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <location filename="../../app/features/measure/tables.py" />
      <source>Chars/token</source>
      <translation>字符/词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Corpus bytes/token</source>
      <translation>语料 字节/词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Corpus chars/token</source>
      <translation>语料 字符/词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Corpus tokens</source>
      <translation>语料词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Corpus tokens of this column ÷ those of the first column</source>
      <translation>本列的语料词元数 ÷ 第一列的语料词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Corpus vs first</source>
      <translation>语料 对比第一列</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>The tokenizer of this column</source>
      <translation>本列的分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <location filename="../../app/features/measure/tables.py" />
      <source>Tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <location filename="../../app/features/families/model.py" />
      <location filename="../../app/features/measure/tables.py" />
      <location filename="../../app/features/train/step_model.py" />
      <source>Tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Tokens for the corpus file (corpus mode)</source>
      <translation>语料文件的词元数（语料模式）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <location filename="../../app/features/families/model.py" />
      <source>Tokens for the text above</source>
      <translation>上方文本的词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>Tokens of this column ÷ tokens of the first column (below 1: fewer tokens)</source>
      <translation>本列词元数 ÷ 第一列词元数（小于 1：词元更少）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>UTF-8 bytes per token for the text above (higher: better compression)</source>
      <translation>上方文本每个词元的 UTF-8 字节数（越高：压缩率越好）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>UTF-8 bytes per token on the corpus file</source>
      <translation>语料文件每个词元的 UTF-8 字节数</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_model.py" />
      <source>vs first</source>
      <translation>对比第一列</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/summary_table.py" />
      <source> (as of merge {k})</source>
      <translation>（截至第 {k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/top_bar.py" />
      <source>+ Add tokenizer</source>
      <translation>+ 添加分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/top_bar.py" />
      <location filename="../../app/features/stream/controls.py" />
      <location filename="../../app/features/tokenize/top_bar.py" />
      <source>Choose a preset…</source>
      <translation>选择预设…</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/top_bar.py" />
      <source>Highlight differences</source>
      <translation>突出显示差异</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/top_bar.py" />
      <source>Outline in orange the tokens whose boundaries another column does not share</source>
      <translation>用橙色框出边界与其他列不一致的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/top_bar.py" />
      <location filename="../../app/features/stream/controls.py" />
      <location filename="../../app/features/tokenize/top_bar.py" />
      <source>Preset:</source>
      <translation>预设：</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/top_bar.py" />
      <location filename="../../app/features/families/text_panel.py" />
      <location filename="../../app/features/tokenize/top_bar.py" />
      <source>Show whitespace</source>
      <translation>显示空白字符</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/view.py" />
      <source>Add a column (up to {n}) (Ctrl+Shift+A)</source>
      <translation>添加一列（最多 {n} 列）(Ctrl+Shift+A)</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/compare/view.py" />
      <source>Compare shows at most %n column(s): remove one (✕) to add another</source>
      <translation>
        <numerusform>对比最多显示 %n 列：移除一列（✕）后才能再添加</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/compare/view.py" />
      <source>Corpus mode: compression on a whole file</source>
      <translation>语料模式：整个文件的压缩率</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/view.py" />
      <source>How many tokens two tokenizers share, and the tokens only one has</source>
      <translation>两个分词器共有多少词元，以及只有其中一个才有的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/view.py" />
      <source>Type or paste the text to compare…</source>
      <translation>输入或粘贴要对比的文本…</translation>
    </message>
    <message>
      <location filename="../../app/features/compare/view.py" />
      <source>Vocabulary overlap</source>
      <translation>词表重叠</translation>
    </message>
    <message>
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Made by merge rank {rank}</source>
      <translation>由合并序号 {rank} 生成</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Part of ‘{char}’ (U+{code}, %n byte(s)): not a character on its own</source>
      <translation>
        <numerusform>‘{char}’（U+{code}，%n 个字节）的一部分：单独不构成字符</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Piece: {piece} (## continues the word before it)</source>
      <translation>片段：{piece}（## 表示接续前面的词）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>Piece: {piece} (score {score})</source>
      <translation>片段：{piece}（分数 {score}）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>and decoding writes &lt;UNK&gt; here: the word is lost.</source>
      <translation>解码时这里写出 &lt;UNK&gt;：这个词丢失了。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>‘{word}’ cannot be covered by WordPiece's pieces: it becomes [UNK].</source>
      <translation>‘{word}’ 无法由 WordPiece 的片段覆盖：它成为 [UNK]。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/families/chip_tooltip.py" />
      <source>‘{word}’ is not one of the corpus's %n word(s): it becomes &lt;UNK&gt;,</source>
      <translation>
        <numerusform>‘{word}’ 不在语料的 %n 个词中：它变成 &lt;UNK&gt;，</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/families/chips_panel.py" />
      <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;%n token(s)</source>
      <translation>
        <numerusform>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;%n 个词元</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>A run of Chinese characters is one 'word' up to the next punctuation mark, so almost every sentence is unknown; characters are 3 bytes each.</source>
      <translation>一串连续的汉字直到下一个标点才算一个“词”，所以几乎每个句子都是未知词；每个汉字占 3 个字节。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>Emoji are 4 bytes; the character family still needs one token each, the byte family four, and char-level BPE falls back to &lt;0xNN&gt; bytes for characters it never saw.</source>
      <translation>表情符号占 4 个字节：字符家族每个仍只需一个词元，字节家族需要四个，字符级 BPE 对没见过的字符则回退为 &lt;0xNN&gt; 字节词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>English with new words</source>
      <translation>含生词的英文</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>Indentation and identifiers: known pieces for the word family, merged runs for BPE.</source>
      <translation>缩进和标识符：对词家族是已知片段，对 BPE 是合并后的连续片段。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>Mixed with emoji</source>
      <translation>夹杂表情符号</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>Python code</source>
      <translation>Python 代码</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>SentencePiece writes a space as ▁, so a ▁ typed in the text comes back as a space: the character-level BPE round trip fails there.</source>
      <translation>SentencePiece 把空格写作 ▁，所以文本里输入的 ▁ 解码后会变成空格：字符级 BPE 的往返（编码再解码）在这里失败。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>Spaces and a ▁</source>
      <translation>空格与 ▁</translation>
    </message>
    <message>
      <location filename="../../app/features/families/content.py" />
      <source>Words the story never used (dolphin, jumped, telescope) are &lt;UNK&gt; for the word family; the BPE families spell them from smaller pieces.</source>
      <translation>故事里从未出现的词（dolphin、jumped、telescope）在词家族中成为 &lt;UNK&gt;；两个 BPE 家族则用更小的片段拼出它们。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>A Unigram language model (T5, ALBERT), trained here with the same vocabulary size: every piece has a score (a log probability) and a word is cut into its most probable segmentation (Viterbi over the pieces' scores), not by merges. ▁ for spaces and byte fallback as char-level BPE, so nothing is unknown.</source>
      <translation>Unigram 语言模型（T5、ALBERT），在这里以相同的词表大小训练：每个片段有一个分数（对数概率），词被切成概率最大的切分（在片段分数上做 Viterbi），而不是靠合并。与字符级 BPE 一样用 ▁ 表示空格并回退到字节，因此没有未知字符。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>BERT's WordPiece, trained here with the same vocabulary size (likelihood-score merges): greedy longest match, ## continues a word, [UNK] when a word cannot be covered. It lower-cases, strips accents and drops spaces, so decoding does not give the text back.</source>
      <translation>BERT 的 WordPiece，在这里以相同的词表大小训练（按似然得分合并）：贪心最长匹配，## 表示接续前面的词，无法覆盖的词成为 [UNK]。它会转为小写、去掉重音并丢弃空格，所以解码得不回原文。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>BPE over UTF-8 bytes (GPT-2 pre-tokenizer), as this app trains it: every text is covered by the 256 byte tokens, and merges make the common pieces single tokens.</source>
      <translation>基于 UTF-8 字节的 BPE（GPT-2 预分词器），即本应用训练的方式：256 个字节词元能覆盖任何文本，合并则把常见片段变成单个词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>BPE over characters, SentencePiece style (Llama 2, Mistral 7B), trained here: ▁ for spaces, a ▁ before the text (the dummy prefix), and a character outside its alphabet as its UTF-8 bytes, &lt;0xNN&gt; tokens (byte fallback).</source>
      <translation>基于字符的 BPE，SentencePiece 风格（Llama 2、Mistral 7B），在这里训练：空格写作 ▁，文本开头加一个 ▁（虚拟前缀），字母表之外的字符写成它的 UTF-8 字节，即 &lt;0xNN&gt; 词元（字节回退）。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>Byte-level BPE</source>
      <translation>字节级 BPE</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>Char-level BPE</source>
      <translation>字符级 BPE</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>Characters</source>
      <translation>字符</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>One token per UTF-8 byte (256 tokens). Nothing is unknown, but a character outside ASCII takes 2 to 4 tokens that are not characters on their own.</source>
      <translation>每个 UTF-8 字节一个词元（共 256 个词元）。没有未知词，但 ASCII 以外的字符要占 2 到 4 个词元，而这些词元单独都不是字符。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>One token per Unicode code point; its id is the code point. The vocabulary is every code point (1,114,112 ids, about 150,000 of them assigned characters), so nothing is ever unknown and decoding always gives the text back.</source>
      <translation>每个 Unicode 码位一个词元，其 ID 就是码位。词表包含所有码位（1,114,112 个 ID，其中约 150,000 个已分配字符），所以永远不会有未知词，解码总能还原文本。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>The GPT-2 pre-tokenizer's pieces (a word keeps the space before it; a run of Chinese characters up to punctuation is one piece). The vocabulary is every piece of the training corpus plus &lt;UNK&gt;: an unseen piece becomes &lt;UNK&gt; and decoding loses it.</source>
      <translation>GPT-2 预分词器切出的片段（词带着它前面的空格；一串汉字直到标点为一个片段）。词表是训练语料中的所有片段再加上 &lt;UNK&gt;：没见过的片段会变成 &lt;UNK&gt;，解码时就丢失了。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>UTF-8 bytes</source>
      <translation>UTF-8 字节</translation>
    </message>
    <message>
      <location filename="../../app/features/families/family.py" />
      <source>Words + &lt;UNK&gt;</source>
      <translation>词 + &lt;UNK&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/families/job.py" />
      <source>the training process ended unexpectedly (exit code {code})</source>
      <translation>训练进程意外结束（退出码 {code}）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/job.py" />
      <source>training failed ({kind}: {reason})</source>
      <translation>训练失败（{kind}: {reason}）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/lost.py" />
      <location filename="../../app/features/train/step_panel.py" />
      <source>; </source>
      <translation>；</translation>
    </message>
    <message>
      <location filename="../../app/features/families/lost.py" />
      <source>&lt;b&gt;{family}&lt;/b&gt; loses {texts}{more}</source>
      <translation>&lt;b&gt;{family}&lt;/b&gt; 丢失了 {texts}{more}</translation>
    </message>
    <message>
      <location filename="../../app/features/families/lost.py" />
      <source>Decoding does not give the text back (highlighted above): {losses}.</source>
      <translation>解码不能还原文本（上方已高亮）：{losses}。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/lost.py" />
      <source>Every family's decode gives this text back exactly.</source>
      <translation>每个家族解码后都能完全还原这段文本。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Decoded: {text}</source>
      <translation>解码结果：{text}</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Does decoding the tokens give the text back? ✗ names what is lost</source>
      <translation>解码这些词元能否还原文本？✗ 会列出丢失的内容</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Family</source>
      <translation>家族</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>How many different tokens the family can produce</source>
      <translation>该家族能产生多少种不同的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>How the text is cut into tokens</source>
      <translation>文本如何被切分成词元</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Part-character</source>
      <translation>半个字符</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Round trip</source>
      <translation>往返</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Tokens holding only some of a character's UTF-8 bytes (bytes, byte fallback, split characters)</source>
      <translation>只含某个字符部分 UTF-8 字节的词元（字节、字节回退、被拆开的字符）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Tokens that stand for text the vocabulary does not hold (&lt;UNK&gt;)</source>
      <translation>代表词表中没有的文本的词元（&lt;UNK&gt;）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>UTF-8 bytes of the text per token (higher: fewer tokens)</source>
      <translation>文本每个词元的 UTF-8 字节数（越高：词元越少）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>Unknown</source>
      <translation>未知词</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <location filename="../../app/features/measure/tables.py" />
      <location filename="../../app/window/tabs.py" />
      <source>Vocabulary</source>
      <translation>词表</translation>
    </message>
    <message>
      <location filename="../../app/features/families/model.py" />
      <source>✗ loses {texts}{more}</source>
      <translation>✗ 丢失 {texts}{more}</translation>
    </message>
    <message>
      <location filename="../../app/features/families/row_status.py" />
      <source>not BPE ({algorithm}): this row shows a BPE tokenizer's merges</source>
      <translation>不是 BPE（{algorithm}）：这一行显示 BPE 分词器的合并</translation>
    </message>
    <message>
      <location filename="../../app/features/families/row_status.py" />
      <source>not byte-level: its tokens are characters (bytes only for characters it lacks)</source>
      <translation>不是字节级：它的词元是字符（只有它缺少的字符才用字节）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/row_status.py" />
      <source>not trained yet: press Train</source>
      <translation>尚未训练：请按“训练”</translation>
    </message>
    <message>
      <location filename="../../app/features/families/row_status.py" />
      <source>not trained: vocabulary too small</source>
      <translation>未训练：词表太小</translation>
    </message>
    <message>
      <location filename="../../app/features/families/row_status.py" />
      <source>training…</source>
      <translation>训练中…</translation>
    </message>
    <message>
      <location filename="../../app/features/families/text_panel.py" />
      <location filename="../../app/features/timeline/source_bar.py" />
      <source>Choose a text…</source>
      <translation>选择文本…</translation>
    </message>
    <message>
      <location filename="../../app/features/families/text_panel.py" />
      <location filename="../../app/features/stream/controls.py" />
      <location filename="../../app/features/timeline/source_bar.py" />
      <source>Text:</source>
      <translation>文本：</translation>
    </message>
    <message>
      <location filename="../../app/features/families/text_panel.py" />
      <source>Type or paste a text: every family tokenizes it as you type…</source>
      <translation>输入或粘贴文本：每个家族会随着你的输入对它分词…</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training.py" />
      <source>Cannot train on this corpus: {reason}</source>
      <translation>无法在此语料上训练：{reason}</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/families/training.py" />
      <source>Char-level BPE needs a vocabulary of at least {n} for this corpus (3 special tokens, 256 byte tokens and its %n distinct character(s)); the other families are trained.</source>
      <translation>
        <numerusform>对这份语料，字符级 BPE 的词表大小至少要 {n}（3 个特殊词元、256 个字节词元和语料中的 %n 个不同字符）；其他家族已训练完成。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/families/training.py" />
      <source>Use {n} and train</source>
      <translation>使用 {n} 并训练</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training.py" />
      <source>{family} could not be trained: {reason}</source>
      <translation>{family} 无法训练：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Built-in samples (English, Chinese, code)</source>
      <translation>内置示例文本（英文、中文、代码）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Byte-level:</source>
      <translation>字节级：</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Corpus:</source>
      <translation>语料：</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Stop training (Esc)</source>
      <translation>停止训练 (Esc)</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>The byte-level row: trained here on the corpus, or a tokenizer of this session</source>
      <translation>字节级这一行：在这里用语料训练，或使用本次会话中的分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <location filename="../../app/window/tabs.py" />
      <source>Train</source>
      <translation>训练</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Train the families on a UTF-8 text file of your own</source>
      <translation>用你自己的 UTF-8 文本文件训练各家族</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Train the words, both BPE families and WordPiece on the corpus (Ctrl+Return)</source>
      <translation>在语料上训练词家族、两个 BPE 家族和 WordPiece (Ctrl+Return)</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Vocabulary size of both BPE families and WordPiece. Char-level BPE needs at least 259 + the corpus's distinct characters; the word family keeps every word of the corpus.</source>
      <translation>两个 BPE 家族和 WordPiece 的词表大小。字符级 BPE 至少需要 259 + 语料中不同字符的个数；词家族保留语料中的每个词。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>Vocabulary:</source>
      <translation>词表：</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>What the words, char-level BPE and byte-level BPE families learn from</source>
      <translation>词家族、字符级 BPE 和字节级 BPE 家族从中学习的语料</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_panel.py" />
      <source>trained here</source>
      <translation>在这里训练</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/families/training_status.py" />
      <source>%n distinct word(s).</source>
      <translation>
        <numerusform>%n 个不同的词。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>Char-level BPE needs a vocabulary of at least {n} here.</source>
      <translation>这里字符级 BPE 的词表大小至少要 {n}。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>The corpus or vocabulary size changed: press Train (Ctrl+Return) to train again.</source>
      <translation>语料或词表大小已改变：按“训练”(Ctrl+Return) 重新训练。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>Trained on {corpus} with vocabulary size {size} in {seconds} s.</source>
      <translation>已在 {corpus} 上训练，词表大小 {size}，用时 {seconds} 秒。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>Training cancelled; the rows keep the families trained before (if any).</source>
      <translation>训练已取消；各行保留之前训练的家族（如果有）。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>Training failed.</source>
      <translation>训练失败。</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>Training on {corpus}…</source>
      <translation>正在 {corpus} 上训练…</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>{family}: merge {k} of {n}</source>
      <translation>{family}：第 {k} 次合并（共 {n} 次）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>{family}: reading the corpus, {done} of {total}</source>
      <translation>{family}：正在读取语料，{done} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/features/families/training_status.py" />
      <source>{family}: round {k} of about {n} (EM, then pruning)</source>
      <translation>{family}：第 {k} 轮，约 {n} 轮（EM，然后剪枝）</translation>
    </message>
    <message>
      <location filename="../../app/features/families/view.py" />
      <source>Cannot tokenize this text: {reason}</source>
      <translation>无法对这段文本分词：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/families/view.py" />
      <source>Choose a UTF-8 text file to train on</source>
      <translation>选择用于训练的 UTF-8 文本文件</translation>
    </message>
    <message>
      <location filename="../../app/features/families/view.py" />
      <source>Shown: {name}</source>
      <translation>当前显示：{name}</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/exports.py" />
      <location filename="../../app/features/sweep/exports.py" />
      <source>Export the chart</source>
      <translation>导出图表</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/exports.py" />
      <source>Export the tables as CSV</source>
      <translation>将表格导出为 CSV</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/exports.py" />
      <location filename="../../app/features/sweep/exports.py" />
      <source>PNG picture (*.png);;SVG drawing (*.svg)</source>
      <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/exports.py" />
      <source>The language tax</source>
      <translation>语言税</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/health_panel.py" />
      <source>Does not apply: {name} has no merges. Unreachable and intermediate-only tokens are made by BPE merges that encoding never completes; {algorithm} keeps whole tokens.</source>
      <translation>不适用：{name} 没有合并。不可达词元和仅作中间结果的词元来自编码时不会走完的 BPE 合并；{algorithm} 保存的是完整词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/health_panel.py" />
      <source>None.</source>
      <translation>无。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/health_panel.py" />
      <source>The tokenizer whose tokens are listed.</source>
      <translation>列出其词元的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/health_panel.py" />
      <source>Which tokens to list.</source>
      <translation>要列出哪些词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/health_panel.py" />
      <source>… and {n} more (all in the CSV export)</source>
      <translation>…还有 {n} 个（CSV 导出中包含全部）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/job.py" />
      <source>measuring failed ({kind}: {reason})</source>
      <translation>测量失败（{kind}：{reason}）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Add files…</source>
      <translation>添加文件…</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Also encode every token of each vocabulary alone (seconds for 200,000).</source>
      <translation>同时单独编码每个词表中的每个词元（200,000 个词元需数秒）。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Check one to five tokenizers to measure side by side.</source>
      <translation>勾选一到五个分词器并排测量。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Every figure of the three tables.</source>
      <translation>三个表格中的全部数据。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <location filename="../../app/window/export_dialog.py" />
      <source>Export</source>
      <translation>导出</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Export chart…</source>
      <translation>导出图表…</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Export tables as CSV…</source>
      <translation>将表格导出为 CSV…</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Loading %n tokenizer(s): {names}…</source>
      <translation>
        <numerusform>正在加载 %n 个分词器：{names}…</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <location filename="../../app/window/tabs.py" />
      <source>Measure</source>
      <translation>测量</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Measure the checked tokenizers on the texts.</source>
      <translation>在文本上测量勾选的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Measuring…</source>
      <translation>正在测量…</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>No files yet.</source>
      <translation>尚未添加文件。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Stop measuring.</source>
      <translation>停止测量。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Text files to measure (UTF-8).</source>
      <translation>要测量的文本文件（UTF-8）。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Texts</source>
      <translation>文本</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>The language-tax chart as PNG or SVG.</source>
      <translation>将语言税图表导出为 PNG 或 SVG。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>The texts to measure on.</source>
      <translation>用于测量的文本。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Tokenizers (1–5)</source>
      <translation>分词器（1–5 个）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/side_panel.py" />
      <source>Vocabulary health (slower)</source>
      <translation>词表健康度（较慢）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Each text's name; the sample's languages in the interface's language (the CSV export names them in English, as the UDHR collection's index does)</source>
      <translation>每个文本的名称；示例的语言以界面语言显示（CSV 导出按 UDHR 语料索引的写法用英文命名）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Gini (per byte)</source>
      <translation>基尼系数（每字节）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Gini (premiums)</source>
      <translation>基尼系数（溢价）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Intermediate only</source>
      <translation>仅作中间结果</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Language</source>
      <translation>语言</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Part of a character</source>
      <translation>字符的一部分</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Rényi efficiency</source>
      <translation>Rényi 效率</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Script</source>
      <translation>文字</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Split words</source>
      <translation>被拆分的词</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>The tokens of all the texts measured, with this tokenizer</source>
      <translation>用这个分词器切分所有被测文本得到的词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>The vocabulary's tokens the health counts are taken among: all of them but the special tokens</source>
      <translation>健康度各项计数所考察的词表词元：除特殊词元以外的全部词元</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Tokens checked</source>
      <translation>受检词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Tokens/word</source>
      <translation>每词词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Under-trained candidates</source>
      <translation>训练不足候选</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Unreachable</source>
      <translation>不可达</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>Unused on the texts</source>
      <translation>文本中未使用</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <location filename="../../app/widgets/plots.py" />
      <source>bytes/token</source>
      <translation>字节/词元</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>n/a (no merges)</source>
      <translation>不适用（无合并）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>premium</source>
      <translation>溢价</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <location filename="../../app/features/timeline/curve_plot.py" />
      <source>tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tables.py" />
      <source>tokens/sentence</source>
      <translation>词元/句</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tax_chart.py" />
      <source>Hover a bar: the language and every tokenizer's premium.</source>
      <translation>将鼠标悬停在柱上：显示该语言及每个分词器的溢价。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tax_chart.py" />
      <source>The language tax: tokens for the same text, relative to English</source>
      <translation>语言税：同一文本的词元数，相对于英语</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tax_chart.py" />
      <source>languages, grouped by script</source>
      <translation>语言（按文字分组）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tax_chart.py" />
      <source>premium (× English's tokens)</source>
      <translation>溢价（英语词元数的倍数）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/tax_chart.py" />
      <source>{name} (Gini {gini})</source>
      <translation>{name}（基尼系数 {gini}）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/measure/tax_chart.py" />
      <source>{name}: %n token(s), premium {premium}</source>
      <translation>
        <numerusform>{name}：%n 个词元，溢价 {premium}</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Arabic</source>
      <translation>阿拉伯字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Armenian</source>
      <translation>亚美尼亚字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Bengali</source>
      <translation>孟加拉文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Bopomofo</source>
      <translation>注音符号</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Canadian Syllabics</source>
      <translation>加拿大原住民音节文字</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Cherokee</source>
      <translation>切罗基文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <location filename="../../app/features/sweep/heldout.py" />
      <source>Code (Python)</source>
      <translation>代码（Python）</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Cyrillic</source>
      <translation>西里尔字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Devanagari</source>
      <translation>天城文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <location filename="../../app/features/sweep/heldout.py" />
      <source>English</source>
      <translation>英文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Ethiopic</source>
      <translation>埃塞俄比亚文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Georgian</source>
      <translation>格鲁吉亚字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Greek</source>
      <translation>希腊字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Gujarati</source>
      <translation>古吉拉特文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Gurmukhi</source>
      <translation>古木基文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Han</source>
      <translation>汉字</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Hangul</source>
      <translation>谚文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Hebrew</source>
      <translation>希伯来字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Held-out texts: English, Chinese, code</source>
      <translation>留出文本：英语、中文、代码</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Hiragana</source>
      <translation>平假名</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Kana</source>
      <translation>假名</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Kannada</source>
      <translation>卡纳达文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Katakana</source>
      <translation>片假名</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Khmer</source>
      <translation>高棉文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Lao</source>
      <translation>老挝文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Latin</source>
      <translation>拉丁字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Malayalam</source>
      <translation>马拉雅拉姆文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Mongolian</source>
      <translation>蒙古文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Myanmar</source>
      <translation>缅甸文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Oriya</source>
      <translation>奥里亚文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Parallel sample: UDHR, 100 languages</source>
      <translation>平行示例：《世界人权宣言》，100 种语言</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Sinhala</source>
      <translation>僧伽罗文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Syriac</source>
      <translation>叙利亚字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Tamil</source>
      <translation>泰米尔文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Telugu</source>
      <translation>泰卢固文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Text files…</source>
      <translation>文本文件…</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Thaana</source>
      <translation>塔纳字母</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Thai</source>
      <translation>泰文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Tibetan</source>
      <translation>藏文</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/texts.py" />
      <source>Tifinagh</source>
      <translation>提非纳文</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/measure/view.py" />
      <source>%n text(s)</source>
      <translation>
        <numerusform>%n 个文本</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/measure/view.py" />
      <source>%n tokenizer(s)</source>
      <translation>
        <numerusform>%n 个分词器</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>&lt;b&gt;{name} cannot be loaded.&lt;/b&gt; {reason}</source>
      <translation>&lt;b&gt;无法加载 {name}。&lt;/b&gt;{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Add a text to measure</source>
      <translation>添加要测量的文本</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Add at least one text file to measure.</source>
      <translation>请至少添加一个要测量的文本文件。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Cannot measure: {reason}</source>
      <translation>无法测量：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <location filename="../../app/features/sweep/view.py" />
      <source>Cannot save {name}: {reason}</source>
      <translation>无法保存 {name}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Check at least one tokenizer to measure.</source>
      <translation>请至少勾选一个要测量的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Efficiency</source>
      <translation>效率</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Language tax</source>
      <translation>语言税</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Measured: {tokenizers}; {texts}; {size}.</source>
      <translation>已测量：{tokenizers}；{texts}；{size}。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Measuring cancelled; the tokenizers measured so far are shown.</source>
      <translation>测量已取消；显示已测量完的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <location filename="../../app/features/sweep/view.py" />
      <source>Saved the chart to {path}.</source>
      <translation>图表已保存到 {path}。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Saved the figures to {path}.</source>
      <translation>已将数据保存到 {path}。</translation>
    </message>
    <message>
      <location filename="../../app/features/measure/view.py" />
      <source>Vocabulary health</source>
      <translation>词表健康度</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/byte_queue.py" />
      <location filename="../../app/features/stream/queue_panel.py" />
      <source>The queue is empty. Press Step or Play to feed the first token.</source>
      <translation>队列为空。按“单步”或“播放”送入第一个词元。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/stream/byte_queue.py" />
      <source>needs %n more byte(s)</source>
      <translation>
        <numerusform>还需 %n 个字节</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/stream/byte_queue.py" />
      <source>{hex} = {bits}: a 1-byte (ASCII) character</source>
      <translation>{hex} = {bits}：1 字节 (ASCII) 字符</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/byte_queue.py" />
      <source>{hex} = {bits}: a continuation byte (10xxxxxx), not the start of a character</source>
      <translation>{hex} = {bits}：后续字节 (10xxxxxx)，不是字符的开头</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/byte_queue.py" />
      <source>{hex} = {bits}: lead byte of a {n}-byte character ({n} leading 1-bits)</source>
      <translation>{hex} = {bits}：{n} 字节字符的首字节（开头有 {n} 个 1）</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/byte_queue.py" />
      <source>→ output</source>
      <translation>→ 输出</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>1 token/s</source>
      <translation>1 个词元/秒</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/stream/controls.py" />
      <source>Fed &lt;b&gt;{k}&lt;/b&gt; of %n token(s)</source>
      <translation>
        <numerusform>已送入 &lt;b&gt;{k}&lt;/b&gt; / %n 个词元</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>Feed exactly one token (Ctrl+N)</source>
      <translation>只送入一个词元 (Ctrl+N)</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>Feed the tokens one by one at the chosen speed; again to pause (Ctrl+P)</source>
      <translation>按所选速度逐个送入词元；再按一次暂停 (Ctrl+P)</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>Speed:</source>
      <translation>速度：</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>Start again with an empty queue (Ctrl+Shift+R)</source>
      <translation>以空队列重新开始 (Ctrl+Shift+R)</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>Step ⏭</source>
      <translation>单步 ⏭</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>Text to stream, e.g. 國 or 🤚🏾</source>
      <translation>要流式解码的文本，例如 國 或 🤚🏾</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <location filename="../../app/features/sweep/top_bar.py" />
      <location filename="../../app/features/timeline/source_bar.py" />
      <location filename="../../app/features/tokenize/top_bar.py" />
      <location filename="../../app/features/vocabulary/view.py" />
      <source>Tokenizer:</source>
      <translation>分词器：</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>Tokens per second while playing</source>
      <translation>播放时每秒送入的词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>{n} tokens/s</source>
      <translation>{n} 个词元/秒</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>⏮ Reset</source>
      <translation>⏮ 重置</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>⏸ Pause</source>
      <translation>⏸ 暂停</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/controls.py" />
      <source>▶ Play</source>
      <translation>▶ 播放</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>(empty)</source>
      <translation>（空）</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>(nothing yet)</source>
      <translation>（暂无）</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>({hex} dropped)</source>
      <translation>（{hex} 已丢弃）</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Bytes waiting for the rest of their character after this token</source>
      <translation>此词元之后，仍在等待所属字符其余字节的字节</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Complete characters the StreamingDecoder released for this token</source>
      <translation>StreamingDecoder 因此词元输出的完整字符</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Decoder prints</source>
      <translation>解码器输出</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>More bytes the pending character needs (from its lead byte)</source>
      <translation>未完成的字符还需要的字节数（由其首字节得知）</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Naive decode([id]) prints</source>
      <translation>朴素 decode([id]) 输出</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Needs</source>
      <translation>还需</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Queue after</source>
      <translation>之后的队列</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Step</source>
      <translation>步</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>The id fed to the decoder</source>
      <translation>送入解码器的 id</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>The token's bytes in hex</source>
      <translation>词元的字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Token bytes</source>
      <translation>词元字节</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Token id</source>
      <translation>词元 id</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>Tokens fed so far</source>
      <translation>已送入的词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/log_model.py" />
      <source>What decoding this token on its own prints: U+FFFD (�) for a split character</source>
      <translation>单独解码此词元时的输出：被拆分的字符显示为 U+FFFD (�)</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/outputs_panel.py" />
      <source>Decoding every token on its own turns each piece of a split character into U+FFFD (�).</source>
      <translation>单独解码每个词元，会把被拆分字符的每一部分都变成 U+FFFD (�)。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/outputs_panel.py" />
      <source>Naive: print(decode([id])) for each token</source>
      <translation>朴素做法：对每个词元 print(decode([id]))</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/outputs_panel.py" />
      <source>Nothing printed yet.</source>
      <translation>尚无输出。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/outputs_panel.py" />
      <source>Nothing printed yet: the decoder waits for complete characters.</source>
      <translation>尚无输出：解码器在等待完整的字符。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/outputs_panel.py" />
      <source>StreamingDecoder output: only complete characters</source>
      <translation>StreamingDecoder 输出：只有完整的字符</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/queue_panel.py" />
      <source>&lt;span style='color:#616161'&gt;grey frame: the byte waited in the queue&lt;/span&gt;&lt;br&gt;&lt;span style='color:#1565c0'&gt;blue frame: the byte came with this token&lt;/span&gt;&lt;br&gt;&lt;span style='background:#c8e6c9'&gt;&amp;nbsp;green: a complete character&amp;nbsp;&lt;/span&gt;&lt;br&gt;&lt;span style='background:#ffe0b2'&gt;&amp;nbsp;orange: waiting for more bytes&amp;nbsp;&lt;/span&gt;</source>
      <translation>&lt;span style='color:#616161'&gt;灰框：该字节已在队列中等待&lt;/span&gt;&lt;br&gt;&lt;span style='color:#1565c0'&gt;蓝框：该字节随此词元到达&lt;/span&gt;&lt;br&gt;&lt;span style='background:#c8e6c9'&gt;&amp;nbsp;绿色：完整的字符&amp;nbsp;&lt;/span&gt;&lt;br&gt;&lt;span style='background:#ffe0b2'&gt;&amp;nbsp;橙色：等待更多字节&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/queue_panel.py" />
      <source>Byte queue of the StreamingDecoder</source>
      <translation>StreamingDecoder 的字节队列</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/queue_panel.py" />
      <source>Lead byte {text}</source>
      <translation>首字节 {text}</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/queue_panel.py" />
      <source>No byte entered the queue with this token.</source>
      <translation>这个词元没有字节进入队列。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <location filename="../../app/features/train/view.py" />
      <source>, </source>
      <translation>、</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>, so no byte enters the queue.</source>
      <translation>，所以没有字节进入队列。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>, so only &lt;b&gt;{hex}&lt;/b&gt; enter the queue.</source>
      <translation>，所以只有 &lt;b&gt;{hex}&lt;/b&gt; 进入队列。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>; no character was split here.</source>
      <translation>；这里没有字符被拆分。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>; the naive output has {n} × �.</source>
      <translation>；朴素输出中有 {n} 个 �。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>&lt;b&gt;Done.&lt;/b&gt; The decoder's output differs from decode(all ids)</source>
      <translation>&lt;b&gt;完成。&lt;/b&gt;解码器的输出与 decode(all ids) 不同</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>&lt;b&gt;Done.&lt;/b&gt; The decoder's output equals decode(all ids)</source>
      <translation>&lt;b&gt;完成。&lt;/b&gt;解码器的输出与 decode(all ids) 相同</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>&lt;b&gt;{token}&lt;/b&gt; continues a word: the decoder removes {prefix} and joins it to the token before.</source>
      <translation>&lt;b&gt;{token}&lt;/b&gt; 接续一个词：解码器去掉 {prefix}，把它接到前一个词元后面。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>&lt;b&gt;{token}&lt;/b&gt; starts a word, but the decoder's cleanup writes no space before punctuation and contractions ('s, n't).</source>
      <translation>&lt;b&gt;{token}&lt;/b&gt; 开始一个词，但解码器的清理（cleanup）不在标点和缩写（'s、n't）前加空格。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>&lt;b&gt;{token}&lt;/b&gt; starts a word: the decoder puts a space before it.</source>
      <translation>&lt;b&gt;{token}&lt;/b&gt; 开始一个词：解码器在它前面加一个空格。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>A naive decode([{id}]) prints &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;, without the space that separates it from the token before.</source>
      <translation>朴素的 decode([{id}]) 输出 &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;，没有把它与前一个词元隔开的空格。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>A naive decode([{id}]) prints &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;: SentencePiece drops the ▁ that starts a text, so decoding token by token loses the spaces between words.</source>
      <translation>朴素的 decode([{id}]) 输出 &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;：SentencePiece 会去掉文本开头的 ▁，所以逐个词元解码会丢失词之间的空格。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>A naive decode([{id}]) prints &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;: WordPiece's decoder removes ## only after another token and puts a space before every other token, so decoding token by token loses how the words join.</source>
      <translation>朴素的 decode([{id}]) 输出 &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;：WordPiece 的解码器只在前面有词元时才去掉 ##，并在其他每个词元前加空格，所以逐个词元解码会丢失词的拼接方式。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>A naive decode([{id}]) would print &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt; here.</source>
      <translation>朴素的 decode([{id}]) 在这里会输出 &lt;span style='color:#b71c1c'&gt;{text}&lt;/span&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>Complete → output: {chars}.</source>
      <translation>完整 → 输出：{chars}。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>Each token is a few &lt;b&gt;bytes&lt;/b&gt;. The decoder keeps bytes in a queue until they form a whole UTF-8 character; decoding each token on its own instead prints � for every piece of a split character.</source>
      <translation>每个词元是几个&lt;b&gt;字节&lt;/b&gt;。解码器把字节保存在队列中，直到它们组成一个完整的 UTF-8 字符；而单独解码每个词元，会为被拆分字符的每一部分打印一个 �。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>Its leading ▁ ({hex}) is the space SentencePiece puts before a text when it encodes (the dummy prefix); decoding drops it at the start of the text</source>
      <translation>它开头的 ▁（{hex}）是 SentencePiece 编码时加在文本前面的空格（虚拟前缀）；解码时文本开头的这个空格会被丢掉</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>No decoder: &lt;b&gt;{token}&lt;/b&gt; is written as it is, after a space.</source>
      <translation>没有解码器：&lt;b&gt;{token}&lt;/b&gt; 按原样写出，前面加一个空格。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>Nothing to print yet.</source>
      <translation>暂时没有可输出的内容。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>The decoder writes the first token as it is.</source>
      <translation>解码器按原样写出第一个词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>The queue already held &lt;b&gt;{hex}&lt;/b&gt;.</source>
      <translation>队列中原有 &lt;b&gt;{hex}&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>This file has no decoder, so the text is what &lt;code&gt;tokenizers&lt;/code&gt; gives then: every token as written (&lt;b&gt;{token}&lt;/b&gt;, {prefix} included), a space between two tokens.</source>
      <translation>此文件没有解码器，因此文本就是 &lt;code&gt;tokenizers&lt;/code&gt; 此时给出的结果：每个词元按原样写出（&lt;b&gt;{token}&lt;/b&gt;，包括 {prefix}），两个词元之间加一个空格。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>Token {k}: id &lt;b&gt;{id}&lt;/b&gt; brings byte &lt;b&gt;{hex}&lt;/b&gt;.</source>
      <translation>第 {k} 个词元：id &lt;b&gt;{id}&lt;/b&gt; 带来字节 &lt;b&gt;{hex}&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>Token {k}: id &lt;b&gt;{id}&lt;/b&gt; brings bytes &lt;b&gt;{hex}&lt;/b&gt;.</source>
      <translation>第 {k} 个词元：id &lt;b&gt;{id}&lt;/b&gt; 带来字节 &lt;b&gt;{hex}&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/step_text.py" />
      <source>{chars} and {n} more</source>
      <translation>{chars} 等（另有 {n} 个）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/stream/step_text.py" />
      <source>{hex} waits: its lead byte announces a {n}-byte character, %n more byte(s) needed.</source>
      <translation>
        <numerusform>{hex} 在等待：其首字节表明这是一个 {n} 字节的字符，还需要 %n 个字节。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/stream/tape.py" />
      <source>The token ids to feed; the outlined one was fed last, the faded ones are still to come.</source>
      <translation>要送入的词元 id；带框的是最后送入的，淡色的还未送入。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/tape.py" />
      <source>The tokens of the text, fed from left to right.</source>
      <translation>文本的词元，从左到右依次送入。</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/tape.py" />
      <location filename="../../app/features/train/merges_model.py" />
      <source>id {id}: bytes {hex}</source>
      <translation>id {id}：字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/features/stream/view.py" />
      <location filename="../../app/features/vocabulary/view.py" />
      <source>Loading {key}… (a few seconds the first time)</source>
      <translation>正在加载 {key}…（第一次需要几秒钟）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/chart.py" />
      <location filename="../../app/features/sweep/exports.py" />
      <source>Bytes per token against vocabulary size</source>
      <translation>每词元字节数与词表大小的关系</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/chart.py" />
      <source>Each line: one held-out text, its bytes per token with the first merges of the tokenizer at every vocabulary size. Symbols: OpenAI's encodings at their own sizes, in the text's color.</source>
      <translation>每条曲线：一篇留出文本在每个词表大小下（只用分词器的前若干次合并）的每词元字节数。符号：OpenAI 各编码在其自身词表大小处的结果，颜色与文本相同。</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/chart.py" />
      <source>bytes per token (held-out text)</source>
      <translation>每词元字节数（留出文本）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/chart.py" />
      <source>vocabulary size (log scale)</source>
      <translation>词表大小（对数刻度）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/controller.py" />
      <source>Cannot measure the texts: {reason}</source>
      <translation>无法测量这些文本：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/controller.py" />
      <source>Cannot measure {name}: {reason}</source>
      <translation>无法用 {name} 测量：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/controller.py" />
      <source>Cannot read {name}: {reason}</source>
      <translation>无法读取 {name}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/exports.py" />
      <source>Export the points as CSV</source>
      <translation>将数据点导出为 CSV</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Add text file…</source>
      <translation>添加文本文件…</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Added {name} ({size}).</source>
      <translation>已添加 {name}（{size}）。</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Each text's bytes per token with {name}, at its vocabulary size (loaded on first use)</source>
      <translation>每篇文本用 {name} 分词的每词元字节数，画在它的词表大小处（首次使用时加载）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Export CSV…</source>
      <translation>导出 CSV…</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Held-out texts</source>
      <translation>留出文本</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Measure a UTF-8 text file of your own too (held out: not one trained on)</source>
      <translation>也测量你自己的 UTF-8 文本文件（留出文本：不能是训练用过的）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>OpenAI's encodings (reference points)</source>
      <translation>OpenAI 的编码（参考点）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <location filename="../../app/widgets/corpus_panel.py" />
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Remove</source>
      <translation>移除</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Remove the selected text you added</source>
      <translation>移除所选的、你添加的文本</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Save every point (each text, each vocabulary size, the references) as CSV</source>
      <translation>将所有数据点（每篇文本、每个词表大小、参考点）保存为 CSV</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Save the chart as a PNG picture or an SVG drawing</source>
      <translation>将图表保存为 PNG 图片或 SVG 矢量图</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>Texts the tokenizer was not trained on; uncheck one to hide its curve</source>
      <translation>分词器没有训练过的文本；取消勾选可隐藏其曲线</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>The built-in texts stay; uncheck one to hide its curve.</source>
      <translation>内置文本不能移除；取消勾选可隐藏其曲线。</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>added</source>
      <translation>已添加</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>built in</source>
      <translation>内置</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>{name} ({size})</source>
      <translation>{name}（{size}）</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/side_panel.py" />
      <source>{name}: {size}, {origin}</source>
      <translation>{name}：{size}，{origin}</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/table.py" />
      <source>Bytes per token at round vocabulary sizes, and with OpenAI's encodings</source>
      <translation>整数词表大小下的每词元字节数，以及 OpenAI 各编码的每词元字节数</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/table.py" />
      <source>{name}: bytes/token</source>
      <translation>{name}：每词元字节数</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/sweep/table.py" />
      <source>{size} (%n merge(s))</source>
      <translation>
        <numerusform>{size}（%n 次合并）</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/sweep/top_bar.py" />
      <source>%n merge(s): each vocabulary size from {low} to {high} is this tokenizer with only its first merges, as if its training had stopped there.</source>
      <translation>
        <numerusform>%n 次合并：从 {low} 到 {high} 的每个词表大小，都是这个分词器只用它的前若干次合并，就像训练在那里停止一样。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/top_bar.py" />
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Loading {name}…</source>
      <translation>正在加载 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/top_bar.py" />
      <source>The tokenizer trained once to the largest size: every smaller vocabulary is its first merges</source>
      <translation>一次训练到最大词表的分词器：每个更小的词表就是它的前若干次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/top_bar.py" />
      <source>Train a tokenizer to the largest vocabulary size you want (Train tab): the sweep uses its merges.</source>
      <translation>请把一个分词器训练到你想要的最大词表大小（“训练”标签页）：扫描使用它的合并。</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/top_bar.py" />
      <source>sweep</source>
      <translation>扫描</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/view.py" />
      <source>&lt;b&gt;{name} cannot be loaded.&lt;/b&gt; {reason}&lt;br&gt;{help}</source>
      <translation>&lt;b&gt;无法加载 {name}。&lt;/b&gt;{reason}&lt;br&gt;{help}</translation>
    </message>
    <message>
      <location filename="../../app/features/sweep/view.py" />
      <source>Add a held-out text</source>
      <translation>添加留出文本</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/sweep/view.py" />
      <source>Saved %n point(s) to {path}.</source>
      <translation>
        <numerusform>已将 %n 个数据点保存到 {path}。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_display.py" />
      <source>Choose a tokenizer (train one first) and a text: its tokens appear here.</source>
      <translation>选择一个分词器（先训练一个）和一段文本：它的词元会显示在这里。</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_display.py" />
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>No merge yet: every byte is a token.</source>
      <translation>还没有合并：每个字节都是一个词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_display.py" />
      <source>This tokenizer has no timeline: the message above says why.</source>
      <translation>这个分词器没有时间线：上方的消息说明了原因。</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_display.py" />
      <source>{name}, as of merge {k} of {total}</source>
      <translation>{name}，截至第 {k} 次合并（共 {total} 次）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <location filename="../../app/features/train/opened.py" />
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/features/train/status.py" />
      <location filename="../../app/features/vocabulary/view.py" />
      <source>%n merge(s)</source>
      <translation>
        <numerusform>%n 次合并</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>, pair count {n} in training</source>
      <translation>，训练中相邻对计数 {n}</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>256 bytes + {made} made by {merges} + {specials} special</source>
      <translation>256 个字节 + {merges}产生的 {made} + {specials} 个特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>256 bytes + {merges} + {specials} special</source>
      <translation>256 个字节 + {merges} + {specials} 个特殊词元</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>As of merge &lt;b&gt;{k}&lt;/b&gt; of {total} · vocabulary &lt;b&gt;%n&lt;/b&gt; token(s) ({parts})</source>
      <translation>
        <numerusform>截至第 &lt;b&gt;{k}&lt;/b&gt; 次合并（共 {total} 次）· 词表 &lt;b&gt;%n&lt;/b&gt; 个词元（{parts}）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>As of merge —</source>
      <translation>截至第 — 次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>Merge {k}: ‘{left}’ + ‘{right}’ → ‘{token}’ (id {id}{seen})</source>
      <translation>第 {k} 次合并：‘{left}’ + ‘{right}’ → ‘{token}’（id {id}{seen}）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>Tokens: &lt;b&gt;{n}&lt;/b&gt; · UTF-8 bytes: {bytes} · Bytes/token: &lt;b&gt;{ratio}&lt;/b&gt;</source>
      <translation>词元：&lt;b&gt;{n}&lt;/b&gt; · UTF-8 字节：{bytes} · 每词元字节数：&lt;b&gt;{ratio}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>Tokens: &lt;b&gt;—&lt;/b&gt; · Bytes/token: &lt;b&gt;—&lt;/b&gt;</source>
      <translation>词元：&lt;b&gt;—&lt;/b&gt; · 每词元字节数：&lt;b&gt;—&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>not in this text</source>
      <translation>本文本中没有</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>{merge}; {where}.</source>
      <translation>{merge}；{where}。</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>{n} in this text, outlined</source>
      <translation>本文本中有 {n} 个，已加框标出</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/as_of_labels.py" />
      <source>{start}…{end} ({size})</source>
      <translation>{start}…{end}（{size}）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/curve_plot.py" />
      <source>The text's token count with the first k merges, for every k (exact); red: the slider</source>
      <translation>对每个 k，文本在前 k 次合并下的词元数（精确值）；红线：滑块位置</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/curve_plot.py" />
      <source>Tokens after k merges</source>
      <translation>k 次合并后的词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/curve_plot.py" />
      <location filename="../../app/widgets/plots.py" />
      <source>merges</source>
      <translation>合并次数</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/follower.py" />
      <source>{name} (training)</source>
      <translation>{name}（训练中）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>1 merge/s</source>
      <translation>每秒 1 次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>1,000 merges/s</source>
      <translation>每秒 1,000 次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>100 merges/s</source>
      <translation>每秒 100 次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>20 merges/s</source>
      <translation>每秒 20 次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>5 merges/s</source>
      <translation>每秒 5 次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>Back to merge 0: every byte a token (Home on the slider)</source>
      <translation>回到第 0 次合并：每个字节都是一个词元（在滑块上按 Home 键）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>Drag to merge k: the text below is tokenized with only the first k merges</source>
      <translation>拖到第 k 次合并：下面的文本只用前 k 次合并来分词</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>How fast Play moves the slider</source>
      <translation>播放时滑块移动的速度</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>Pause</source>
      <translation>暂停</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>Play</source>
      <translation>播放</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>Play the merges as an animation at the chosen speed (Ctrl+Space)</source>
      <translation>按所选速度以动画播放合并过程（Ctrl+Space）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>The number of merges (k)</source>
      <translation>合并次数（k）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>merge</source>
      <translation>第</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>of {n}</source>
      <translation>次合并（共 {n} 次）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>whole run in 10 s</source>
      <translation>10 秒内播完全部</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/play_bar.py" />
      <source>whole run in 30 s</source>
      <translation>30 秒内播完全部</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/source_bar.py" />
      <source>A text to watch: a built-in sample or a classroom preset (or type your own)</source>
      <translation>要观察的文本：内置示例文本或课堂预设（也可以自己输入）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/source_bar.py" />
      <source>Follow the training</source>
      <translation>跟随训练</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/source_bar.py" />
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Sample: {title}</source>
      <translation>示例文本：{title}</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/source_bar.py" />
      <source>The tokenizer whose merges the slider walks through (the newest trained one)</source>
      <translation>滑块逐一经过其合并的分词器（默认为最新训练的那个）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/source_bar.py" />
      <source>Walk through the merges of the training that is running or paused in the Train tab (its merges so far, updated once a second)</source>
      <translation>逐一查看“训练”标签页中正在运行或已暂停的训练的合并（它目前为止的合并，每秒更新一次）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>Following the training in progress: its merges so far, updated once a second.</source>
      <translation>正在跟随进行中的训练：显示它目前为止的合并，每秒更新一次。</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>Loading {name}… (a few seconds the first time)</source>
      <translation>正在加载 {name}…（第一次需要几秒钟）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>The timeline could not be computed: {reason}</source>
      <translation>无法计算时间线：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>Type or paste a text to watch it being tokenized merge by merge.</source>
      <translation>输入或粘贴一段文本，观察它如何随着一次次合并被分词。</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>the training</source>
      <translation>训练</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>timeline</source>
      <translation>时间线</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>{name} (in progress)</source>
      <translation>{name}（进行中）</translation>
    </message>
    <message>
      <location filename="../../app/features/timeline/view.py" />
      <source>{name} cannot be loaded: {reason}</source>
      <translation>无法加载 {name}：{reason}</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>%n special token(s) in the rendered chat</source>
      <translation>
        <numerusform>渲染后的对话中有 %n 个特殊词元</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>&lt;b&gt;It refused this chat:&lt;/b&gt; {reason}</source>
      <translation>&lt;b&gt;模板拒绝了这段对话：&lt;/b&gt;{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>&lt;b&gt;No chat template:&lt;/b&gt; {reason}</source>
      <translation>&lt;b&gt;没有对话模板：&lt;/b&gt;{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>&lt;b&gt;This tokenizer has no chat template&lt;/b&gt; (no tokenizer_config.json or chat_template.jinja beside its file, and none of the special tokens of ChatML, Llama 3 or Mistral). Choose a built-in format under “Template” to see its text tokenized as plain text.</source>
      <translation>&lt;b&gt;这个分词器没有对话模板&lt;/b&gt;（其文件旁没有 tokenizer_config.json 或 chat_template.jinja，也没有 ChatML、Llama 3 或 Mistral 的特殊词元）。在“模板”中选择一种内置格式，即可看到其文本按普通文本分词。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Add a message after the last one (Ctrl+Shift+M)</source>
      <translation>在最后一条消息后添加一条消息（Ctrl+Shift+M）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Add generation prompt</source>
      <translation>添加生成提示</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Add message</source>
      <translation>添加消息</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Assistant</source>
      <translation>助手</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>End with the assistant's header, where the model starts its answer (add_generation_prompt=True)</source>
      <translation>以助手的标头结尾，模型从这里开始回答（add_generation_prompt=True）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Remove this message</source>
      <translation>删除这条消息</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>System</source>
      <translation>系统</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Template:</source>
      <translation>模板：</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Template: &lt;b&gt;{what}&lt;/b&gt; ({why})</source>
      <translation>模板：&lt;b&gt;{what}&lt;/b&gt;（{why}）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>The chat is rendered with the tokenizer's chat template, then tokenized.</source>
      <translation>对话先用分词器的对话模板渲染，再进行分词。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>The tokenizer's own</source>
      <translation>分词器自带的</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>User</source>
      <translation>用户</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Which chat template renders the messages: the tokenizer's own (from the tokenizer_config.json or chat_template.jinja beside its file, else guessed from its special tokens), or a built-in format</source>
      <translation>用哪个对话模板渲染消息：分词器自带的（来自其文件旁的 tokenizer_config.json 或 chat_template.jinja，否则根据其特殊词元推断），或一种内置格式</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>Who says this message</source>
      <translation>这条消息由谁说出</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>built-in {name}</source>
      <translation>内置 {name}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>chosen by hand</source>
      <translation>手动选择</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>guessed from its special token {token}</source>
      <translation>根据其特殊词元 {token} 推断</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>guessed from the file's name: its [INST] is plain text</source>
      <translation>根据文件名推断：其 [INST] 是普通文本</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>the file beside the tokenizer</source>
      <translation>分词器旁的文件</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chat_editor.py" />
      <source>{name} format</source>
      <translation>{name} 格式</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>Copy ids as a Python list</source>
      <translation>复制 id（Python 列表）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>Copy ids, comma-separated</source>
      <translation>复制 id（逗号分隔）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>Copy token strings</source>
      <translation>复制词元字符串</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>No tokens: the text was refused (see the message above).</source>
      <translation>没有词元：文本被拒绝了（见上方消息）。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>The tokens of your text appear here.</source>
      <translation>你的文本的词元显示在这里。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>Token ids</source>
      <translation>词元 id</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/chips_panel.py" />
      <source>Token texts</source>
      <translation>词元</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Bytes/token: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>每词元字节数：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Characters per token</source>
      <translation>每词元字符数</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Characters: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>字符：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Chars/token: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>每词元字符数：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Length of the text in UTF-8: what byte-level BPE starts from</source>
      <translation>文本的 UTF-8 长度：字节级 BPE 的起点</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Number of tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Tokens: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>词元：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>UTF-8 bytes per token: the compression (higher is better)</source>
      <translation>每词元 UTF-8 字节数：压缩率（越高越好）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>UTF-8 bytes: &lt;b&gt;{n}&lt;/b&gt;</source>
      <translation>UTF-8 字节：&lt;b&gt;{n}&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/counts_row.py" />
      <source>Unicode characters (code points) in the text</source>
      <translation>文本中的 Unicode 字符（码位）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>%n character(s)</source>
      <translation>
        <numerusform>%n 个字符</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>%n starting token(s)</source>
      <translation>
        <numerusform>%n 个初始词元</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>&lt;b&gt;{piece}&lt;/b&gt; is a special token: it is cut out before pre-tokenization and becomes id {id} directly. Special tokens never take part in a merge.</source>
      <translation>&lt;b&gt;{piece}&lt;/b&gt; 是特殊词元：它在预分词之前被切出，直接成为 id {id}。特殊词元从不参与合并。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Adjacent pair</source>
      <translation>相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Apply the next merge: the adjacent pair with the lowest rank (Alt+Right)</source>
      <translation>执行下一次合并：合并序号最小的相邻对 (Alt+Right)</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Back to the piece's single bytes (Alt+Home)</source>
      <translation>回到片段的单个字节 (Alt+Home)</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Every adjacent pair of the current parts with its rank (its position in the merge list). The pair with the lowest rank is merged first, whatever its position in the piece.</source>
      <translation>当前各部分的每个相邻对及其合并序号（在合并列表中的位置）。合并序号最小的相邻对最先合并，不论它在片段中的位置。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Explain: click a piece in the pre-tokenization strip (or a token) to see how BPE encodes it.</source>
      <translation>讲解：点击预分词条中的一个片段（或一个词元），查看 BPE 如何对它编码。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Jump to the final tokens (Alt+End)</source>
      <translation>跳到最终词元 (Alt+End)</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Last ⏭</source>
      <translation>最后 ⏭</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Next ▶</source>
      <translation>下一步 ▶</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Piece &lt;b&gt;‘{piece}’&lt;/b&gt; (SentencePiece: ▁ is a space): {chars}, {parts} → {final} after {steps}. It starts from the characters (one missing from the vocabulary falls back to its UTF-8 bytes, &amp;lt;0xNN&amp;gt; tokens); at each step {how}.</source>
      <translation>片段 &lt;b&gt;‘{piece}’&lt;/b&gt;（SentencePiece：▁ 表示空格）：{chars}，{parts} → 经过 {steps}后得到 {final}。它从字符开始（词表中没有的字符回退为其 UTF-8 字节，即 &amp;lt;0xNN&amp;gt; 词元）；每一步{how}。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Piece &lt;b&gt;‘{piece}’&lt;/b&gt;: {bytes} → {final} after {steps}. At each step every adjacent pair is looked up in the merge list and the one with the lowest rank is merged.</source>
      <translation>片段 &lt;b&gt;‘{piece}’&lt;/b&gt;：{bytes} → 经过 {steps}后得到 {final}。每一步都在合并列表中查找每个相邻对，合并序号最小的那个被合并。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Previous merge (Alt+Left)</source>
      <translation>上一次合并 (Alt+Left)</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Rank in the merge list</source>
      <translation>合并序号（在合并列表中的位置）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Result: ids [{ids}] ({why})</source>
      <translation>结果：ids [{ids}]（{why}）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>Step {k} of {n}: merge rank {rank} → new token {id}</source>
      <translation>第 {k} 步（共 {n} 步）：合并序号 {rank} → 新词元 {id}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>The piece's current parts; the outlined pair is merged next.</source>
      <translation>片段当前的各部分；带框的相邻对下一步合并。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>This piece is %n byte(s) long; Explain steps through pieces of up to {max} bytes. Click a shorter piece.</source>
      <translation>
        <numerusform>这个片段长 %n 字节；讲解只能逐步演示最多 {max} 字节的片段。请点击一个更短的片段。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>later (higher rank)</source>
      <translation>稍后（合并序号更大）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>no adjacent pair is in the merge list</source>
      <translation>没有相邻对在合并列表中</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>not a merge</source>
      <translation>不是合并</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>not learned yet as of merge {k}</source>
      <translation>截至第 {k} 次合并尚未学到</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>one token left</source>
      <translation>只剩一个词元</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>the pair whose merged piece has the best score (the lowest rank) is merged</source>
      <translation>合并后片段得分最好（合并序号最小）的相邻对被合并</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>the pair with the lowest rank in the merge list is merged</source>
      <translation>合并列表中合并序号最小的相邻对被合并</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>the same pair again: merged in the next step (leftmost first)</source>
      <translation>同一个相邻对再次出现：下一步合并（最左边的先合并）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>⏮ First</source>
      <translation>⏮ 最初</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>◀ Previous</source>
      <translation>◀ 上一步</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_panel.py" />
      <source>★ lowest rank: merged now</source>
      <translation>★ 合并序号最小：现在合并</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>%n part(s)</source>
      <translation>
        <numerusform>%n 个部分</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>(a character not in the vocabulary falls back to its UTF-8 bytes, &lt;0xNN&gt; tokens)</source>
      <translation>（不在词表中的字符回退为其 UTF-8 字节，即 &lt;0xNN&gt; 词元）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>&lt;b&gt;{piece}&lt;/b&gt; is a special token: it is cut out before normalization and becomes id {id}.</source>
      <translation>&lt;b&gt;{piece}&lt;/b&gt; 是特殊词元：它在规范化之前被切出，直接成为 id {id}。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>Explain: click a piece (or a token) to see how Unigram cuts it.</source>
      <translation>解释：点击一个片段（或一个词元），查看 Unigram 如何切分它。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>Piece &lt;b&gt;‘{piece}’&lt;/b&gt; (▁ is a space): Unigram has no merges. Every piece of the vocabulary has a score, the log of its probability; of all the ways to cut the text into pieces, the one whose scores add up highest wins (Viterbi). Best: {parts}.</source>
      <translation>片段 &lt;b&gt;‘{piece}’&lt;/b&gt;（▁ 表示空格）：Unigram 没有合并。词表中每个片段都有一个分数，即其概率的对数；在把文本切成片段的所有方式中，分数之和最高的那一种胜出（Viterbi）。最佳：{parts}。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <location filename="../../app/features/train/step_model.py" />
      <source>Segmentation</source>
      <translation>切分</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>The best few ways to cut the piece into vocabulary pieces, with the sum of their scores. The highest total wins.</source>
      <translation>把该片段切成词表片段的几种最佳方式，以及它们的分数之和。总分最高者胜出。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>The most probable segmentation: each part with its score (log probability).</source>
      <translation>概率最大的切分：每个部分及其分数（对数概率）。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>Total score</source>
      <translation>总分</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>Total score {total} = the sum of the parts' scores → ids [{ids}]</source>
      <translation>总分 {total} = 各部分分数之和 → id [{ids}]</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>lower total</source>
      <translation>总分较低</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/explain_unigram.py" />
      <source>★ highest total: chosen</source>
      <translation>★ 总分最高：被选中</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/input_area.py" />
      <source>Chat</source>
      <translation>对话</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/input_area.py" />
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Text</source>
      <translation>文本</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/input_area.py" />
      <source>Tokenize a chat: messages rendered with the tokenizer's chat template, as the model gets them (Ctrl+Shift+T switches)</source>
      <translation>对一段对话分词：消息用分词器的对话模板渲染，与模型实际收到的相同（Ctrl+Shift+T 切换）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/input_area.py" />
      <source>Tokenize the text typed (Ctrl+Shift+T switches)</source>
      <translation>对输入的文本分词（Ctrl+Shift+T 切换）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>No pieces: the text was refused (see the message above).</source>
      <translation>没有片段：文本被拒绝了（见上方消息）。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>Pieces: the stretches between spaces the model cuts, each by its most probable cut (click one to explain it)</source>
      <translation>片段：模型按空格之间的片段切分，每段取概率最高的切法（点击一个查看解释）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>Pieces: the stretches no merge crosses (SentencePiece has no pre-tokenizer; click one to explain it)</source>
      <translation>片段：合并不会跨越的文本段（SentencePiece 没有预分词器；点击一个片段查看讲解）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>Pre-tokenization: BPE merges only inside these pieces. Click one to explain it.</source>
      <translation>预分词：BPE 只在这些片段内部合并。点击一个片段查看讲解。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>Pre-tokenization: the pieces the regex makes (click one to explain it)</source>
      <translation>预分词：regex 切出的片段（点击一个片段查看讲解）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>The pieces the pre-tokenizer cuts the text into, before any merge.</source>
      <translation>预分词器在任何合并之前把文本切成的片段。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/pieces_panel.py" />
      <source>Words: split at spaces and punctuation, normalized as the file says; the tokenizer cuts inside each (click one to explain it)</source>
      <translation>词：在空白和标点处切开，按文件的设置规范化；分词器在每个词内部切分（点击一个查看解释）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/special_modes.py" />
      <source>Error (tiktoken's default)</source>
      <translation>报错（tiktoken 的默认行为）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/special_modes.py" />
      <source>Plain text (ordinary characters)</source>
      <translation>纯文本（普通字符）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/special_modes.py" />
      <source>Recognised (one special token)</source>
      <translation>识别（成为一个特殊词元）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/special_modes.py" />
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
      <location filename="../../app/features/tokenize/top_bar.py" />
      <source>Draw spaces as ·, tabs as → and newlines as ⏎ inside the chips (Ctrl+Shift+W)</source>
      <translation>在色块中把空格画成 ·，制表符画成 →，换行画成 ⏎ (Ctrl+Shift+W)</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/top_bar.py" />
      <source>Special tokens:</source>
      <translation>特殊词元：</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/top_bar.py" />
      <source>Texts for class: each shows something surprising about tokenizers.</source>
      <translation>课堂用的示例文本：每段都展示分词器令人意外的一面。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>&lt;b&gt;Refused, as tiktoken's encode() would:&lt;/b&gt; {reason}&lt;br&gt;Switch “Special tokens” to Recognised or Plain text to tokenize it.</source>
      <translation>&lt;b&gt;已拒绝，与 tiktoken 的 encode() 一样：&lt;/b&gt;{reason}&lt;br&gt;把“特殊词元”切换为“识别”或“纯文本”即可对它分词。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Explain: Unigram's most probable cut of one piece (Viterbi)</source>
      <translation>解释：Unigram 对一个片段概率最高的切法（Viterbi）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Explain: WordPiece's greedy longest match of one word</source>
      <translation>解释：WordPiece 对一个词的贪心最长匹配</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Explain: the merges of one piece, in rank order</source>
      <translation>讲解：一个片段的合并，按合并序号排列</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Loading {key}… (building the merge list takes a few seconds the first time)</source>
      <translation>正在加载 {key}…（第一次构建合并列表需要几秒钟）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>No tokens: the chat was not rendered (see below the messages).</source>
      <translation>没有词元：对话未能渲染（见消息下方）。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Special tokens: {mode}</source>
      <translation>特殊词元：{mode}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Tokenizer: {name}</source>
      <translation>分词器：{name}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Tokenizing failed: {reason}</source>
      <translation>分词失败：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Tokens of {name}</source>
      <translation>{name} 的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Tokens of {name}, as of merge {k}</source>
      <translation>{name} 的词元（截至第 {k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/view.py" />
      <source>Type here, or pick a preset. Every keystroke is tokenized.</source>
      <translation>在这里输入，或选择一段示例文本。每次按键都会分词。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>(+ %n more, shorter)</source>
      <translation>
        <numerusform>（另有 %n 个更短的）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>&lt;b&gt;{piece}&lt;/b&gt; is a special token: it is cut out before the words are split and becomes id {id}.</source>
      <translation>&lt;b&gt;{piece}&lt;/b&gt; 是特殊词元：在切词之前就被单独取出，直接成为 id {id}。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>At each position of the word, the candidates looked up in the vocabulary, longest first; the first one found is taken.</source>
      <translation>在词的每个位置，按从长到短在词表中查找候选，取第一个找到的。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Candidates tried (longest first)</source>
      <translation>尝试过的候选（从长到短）</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Explain: click a word in the pre-tokenization strip (or a token) to see how WordPiece cuts it: the longest vocabulary entry first.</source>
      <translation>解释：点击预分词条中的一个词（或一个词元），查看 WordPiece 如何切分它：先取词表中最长的条目。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Position</source>
      <translation>位置</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>The word's tokens: ## marks a token that continues the word.</source>
      <translation>这个词的词元：## 表示接续词内的词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Token taken</source>
      <translation>取用的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Word &lt;b&gt;‘{piece}’&lt;/b&gt;: {chars} → {tokens}. From the start, the longest vocabulary entry that begins there is taken, then the same from where it ends; {prefix} marks a token that continues the word.</source>
      <translation>词 &lt;b&gt;‘{piece}’&lt;/b&gt;：{chars} → {tokens}。从开头起，取从该处开始的最长词表条目，再从它结束处照样继续；{prefix} 表示接续词内的词元。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Word &lt;b&gt;‘{piece}’&lt;/b&gt;: {chars}, more than the model's limit of {limit}: the whole word is &lt;b&gt;{unk}&lt;/b&gt;, nothing is looked up.</source>
      <translation>词 &lt;b&gt;‘{piece}’&lt;/b&gt;：{chars}，超过模型上限 {limit}：整个词就是 &lt;b&gt;{unk}&lt;/b&gt;，不做任何查找。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>Word &lt;b&gt;‘{piece}’&lt;/b&gt;: {chars}. At character {at} no vocabulary entry begins: the whole word is &lt;b&gt;{unk}&lt;/b&gt; (WordPiece never keeps part of a word).</source>
      <translation>词 &lt;b&gt;‘{piece}’&lt;/b&gt;：{chars}。在第 {at} 个字符处没有以它开头的词表条目：整个词就是 &lt;b&gt;{unk}&lt;/b&gt;（WordPiece 从不保留词的一部分）。</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>none found: the word is {unk}</source>
      <translation>未找到：整个词是 {unk}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>too long: the word is {unk}</source>
      <translation>太长：整个词是 {unk}</translation>
    </message>
    <message>
      <location filename="../../app/features/tokenize/wordpiece_explain.py" />
      <source>{token} (id {id})</source>
      <translation>{token}（id {id}）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>&amp;Back</source>
      <translation>后退(&amp;B)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>&amp;Cancel</source>
      <translation>取消(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <location filename="../../app/window/opening.py" />
      <source>&amp;Open tokenizer…</source>
      <translation>打开分词器(&amp;O)…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>&amp;Pause</source>
      <translation>暂停(&amp;P)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>&amp;Resume</source>
      <translation>继续(&amp;R)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>&amp;Start</source>
      <translation>开始(&amp;S)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Apply exactly one merge, then pause. From idle: count the corpus and stop before the first merge</source>
      <translation>只做一次合并，然后暂停。若尚未开始：先统计语料，在第一次合并前停下</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Continue a paused training</source>
      <translation>继续已暂停的训练</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Export step &amp;handout…</source>
      <translation>导出单步讲义(&amp;H)…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Go on with a training saved as a checkpoint: its merges table and plots come back, then it makes the merges an uninterrupted run would make</source>
      <translation>接着进行保存为检查点的训练：先恢复合并表和图表，然后做出与不中断训练完全相同的合并</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Open a tokenizer saved by BPE Explorer</source>
      <translation>打开 BPE Explorer 保存的分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Pause training (nothing is lost)</source>
      <translation>暂停训练（不会丢失任何进度）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Resume &amp;training from checkpoint…</source>
      <translation>从检查点继续训练(&amp;T)…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>S&amp;tep</source>
      <translation>单步(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Save &amp;tokenizer…</source>
      <translation>保存分词器(&amp;T)…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Save the paused or running training to a checkpoint file, to resume it later (File &gt; Resume training…), in this session or another one</source>
      <translation>把暂停或进行中的训练保存为检查点文件，以便稍后在本次或以后的会话中继续（文件 &gt; 继续训练…）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Save this run's merges (pair, count, tie and why) as a one-page HTML handout for a class</source>
      <translation>把本次训练的合并（相邻对、计数、并列及裁决理由）保存为一页 HTML 讲义，供课堂使用</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Save this view's tokenizer: the paused run, or the newest result (our JSON format, written atomically)</source>
      <translation>保存本视图的分词器：暂停中的训练，或最新的结果（本程序的 JSON 格式，原子写入）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Save training as &amp;checkpoint…</source>
      <translation>将训练保存为检查点(&amp;C)…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Step mode: go back one merge (the run is replayed to the merge before; Step applies it again)</source>
      <translation>单步模式：后退一次合并（训练重放到上一次合并；再按“单步”会重新应用它）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Stop training; the merges done so far are kept as a tokenizer</source>
      <translation>停止训练；已完成的合并保留为一个分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/train/actions.py" />
      <source>Train on the chosen corpus</source>
      <translation>在所选语料上训练</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/handout.py" />
      <source>%n merge(s), in order. Tie-break rule: “{rule}”.</source>
      <translation>
        <numerusform>共 %n 次合并，按顺序列出。并列裁决规则：“{rule}”。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>BPE merges: {label}</source>
      <translation>BPE 合并：{label}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>Could not write {path}: {error}</source>
      <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <location filename="../../app/features/train/merges_model.py" />
      <location filename="../../app/features/train/step_model.py" />
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Count</source>
      <translation>计数</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>Export step handout</source>
      <translation>导出单步讲义</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>HTML files (*.html)</source>
      <translation>HTML 文件 (*.html)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <location filename="../../app/features/train/merges_model.py" />
      <source>New token</source>
      <translation>新词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>PDF files (*.pdf)</source>
      <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>Pair</source>
      <translation>相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <location filename="../../app/features/train/merges_model.py" />
      <source>Rank</source>
      <translation>合并序号</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>Tie and why</source>
      <translation>并列及裁决理由</translation>
    </message>
    <message>
      <location filename="../../app/features/train/handout.py" />
      <source>the PDF writer wrote nothing</source>
      <translation>PDF 写入器没有写出任何内容</translation>
    </message>
    <message>
      <location filename="../../app/features/train/live.py" />
      <source>Follow new merges</source>
      <translation>跟随新的合并</translation>
    </message>
    <message>
      <location filename="../../app/features/train/live.py" />
      <source>Keep the newest merge in view while training runs</source>
      <translation>训练进行时，始终显示最新的合并</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>How often the pair occurred in the corpus when it was merged (each merge removes that many tokens)</source>
      <translation>合并时该相邻对在语料中出现的次数（每次合并都会减少这么多个词元）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <location filename="../../app/features/train/step_model.py" />
      <source>Left</source>
      <translation>左</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>Left part of the pair (its token id in the tooltip)</source>
      <translation>相邻对的左侧部分（词元 id 见悬停提示）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>Merge order: merge r creates token id 256 + r and is applied before any later merge</source>
      <translation>合并顺序：第 r 次合并生成 id 为 256 + r 的词元，并先于之后的所有合并应用</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <location filename="../../app/features/train/step_model.py" />
      <source>Right</source>
      <translation>右</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>Right part of the pair</source>
      <translation>相邻对的右侧部分</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>The new token: · is a space, ⏎ a newline, &lt;e5 9c&gt; bytes that are only part of a character</source>
      <translation>新词元：· 表示空格，⏎ 表示换行，&lt;e5 9c&gt; 表示只是某个字符一部分的字节</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>Tied with {pair} at the same count; the tie-break rule chose this pair</source>
      <translation>与 {pair} 计数相同而并列；并列裁决规则选中了这个相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/train/merges_model.py" />
      <source>merge {rank} creates token id {id}</source>
      <translation>第 {rank} 次合并生成 id 为 {id} 的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/opened.py" />
      <source>Opened {name}: {tokens}, {merges}. It is now available in the other views.</source>
      <translation>已打开 {name}：{tokens}，{merges}。现在可以在其他视图中使用它。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/opened.py" />
      <source>Opened {name}: {tokens}. It is now available in the other views.</source>
      <translation>已打开 {name}：{tokens}。现在可以在其他视图中使用它。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/opened.py" />
      <source>Opened: &lt;b&gt;{label}&lt;/b&gt;, %n token(s). It is available in the Vocabulary, Tokenize, Compare and Stream decode views.</source>
      <translation>
        <numerusform>已打开：&lt;b&gt;{label}&lt;/b&gt;，%n 个词元。可在词表、分词、对比和流式解码视图中使用。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/opened.py" />
      <source>Opened: &lt;b&gt;{label}&lt;/b&gt;. It is available in the Vocabulary, Tokenize, Compare and Stream decode views.</source>
      <translation>已打开：&lt;b&gt;{label}&lt;/b&gt;。可在词表、分词、对比和流式解码视图中使用。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/opened.py" />
      <location filename="../../app/features/train/results.py" />
      <source>{name} · %n merge(s)</source>
      <translation>
        <numerusform>{name} · %n 次合并</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/opened.py" />
      <source>{name} · SentencePiece, %n token(s)</source>
      <translation>
        <numerusform>{name} · SentencePiece，%n 个词元</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/opened.py" />
      <source>{name} · Unigram, %n token(s)</source>
      <translation>
        <numerusform>{name} · Unigram，%n 个词元</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/opened.py" />
      <source>{name} · WordPiece, %n token(s)</source>
      <translation>
        <numerusform>{name} · WordPiece，%n 个词元</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/results.py" />
      <source>%n merge(s) restored first</source>
      <translation>
        <numerusform>先恢复 %n 次合并</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/window/opening.py" />
      <source>A tokenizer file is being read or written; try again when it is done.</source>
      <translation>正在读取或写入一个分词器文件；完成后请再试一次。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>A training is running: cancel it (or wait for it to end) before resuming another.</source>
      <translation>有训练正在进行：请先取消它（或等它结束），再继续另一个训练。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/widgets/open_files.py" />
      <location filename="../../app/window/saving.py" />
      <location filename="../../app/window/unsaved.py" />
      <source>BPE Explorer tokenizer (*.json)</source>
      <translation>BPE Explorer 分词器 (*.json)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>BPE Explorer training checkpoint (*.ckpt);;All files (*)</source>
      <translation>BPE Explorer 训练检查点 (*.ckpt);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>No merge was learned, so there is no new tokenizer.</source>
      <translation>没有学到任何合并，因此没有新的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/window/opening.py" />
      <source>Open tokenizer</source>
      <translation>打开分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/widgets/open_files.py" />
      <source>Opening {name}…</source>
      <translation>正在打开 {name}…</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/results.py" />
      <source>Preparing %n merge(s) for saving…</source>
      <translation>
        <numerusform>正在准备保存 %n 次合并…</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/results.py" />
      <source>Result: &lt;b&gt;{label}&lt;/b&gt;, %n token(s). It is now available in the Vocabulary, Tokenize, Compare and Stream decode views; save it to keep it.</source>
      <translation>
        <numerusform>结果：&lt;b&gt;{label}&lt;/b&gt;，%n 个词元。现在可在词表、分词、对比和流式解码视图中使用；如需留存，请保存。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Resume a training</source>
      <translation>继续一次训练</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Resumed “{name}” from {file}: {what}.</source>
      <translation>已从 {file} 继续“{name}”：{what}。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Resuming the training saved in &lt;b&gt;{name}&lt;/b&gt;: its merges come back first, then it goes on. The result becomes a tokenizer when it ends or is cancelled.</source>
      <translation>正在继续保存在 &lt;b&gt;{name}&lt;/b&gt; 中的训练：先恢复已有的合并，然后接着训练。训练结束或取消时，结果会成为一个分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Save the training as a checkpoint</source>
      <translation>将训练保存为检查点</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/window/saving.py" />
      <location filename="../../app/window/unsaved.py" />
      <source>Save tokenizer “{name}”</source>
      <translation>保存分词器“{name}”</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Saved the training to {path} ({held}). File &gt; Resume training… goes on with it, in this session or a later one.</source>
      <translation>已将训练保存到 {path}（{held}）。可在本次会话或以后通过“文件 &gt; 继续训练…”接着训练。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Saved {merges} and {tokens} to {path}.</source>
      <translation>已将 {merges}和 {tokens}保存到 {path}。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Saving the training to {name}…</source>
      <translation>正在将训练保存到 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>Saving to {name}…</source>
      <translation>正在保存到 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>The checkpoint was not saved: {reason}</source>
      <translation>检查点未保存：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>The paused training cannot be saved now; try again.</source>
      <translation>暂停的训练现在无法保存；请再试一次。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>There is no tokenizer to save yet: train one (or pause a training) first.</source>
      <translation>还没有可保存的分词器：请先训练一个（或暂停一次训练）。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>There is no training to save as a checkpoint: start one (or resume one) first.</source>
      <translation>没有可保存为检查点的训练：请先开始（或继续）一次训练。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>it was saved while counting, so the corpus is counted again</source>
      <translation>它是在计数时保存的，因此会重新对语料计数</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>its settings and corpus (it was still counting)</source>
      <translation>它的设置和语料（当时仍在计数）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>opened from {path}</source>
      <translation>打开自 {path}</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/results.py" />
      <source>the paused training (%n merge(s))</source>
      <translation>
        <numerusform>暂停的训练（%n 次合并）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <source>trained on {name} ({size}): vocabulary {vocab_size}, pre-tokenizer {pretokenizer}, tie-break {tie_break}</source>
      <translation>训练语料 {name}（{size}）：词表大小 {vocab_size}，预分词器 {pretokenizer}，并列裁决 {tie_break}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/results.py" />
      <location filename="../../app/window/saving.py" />
      <source>{name} is a SentencePiece tokenizer: BPE Explorer's format (and File &gt; Export…) holds byte-level tokenizers only. Its own .model or tokenizer.json file stays the way to keep it.</source>
      <translation>{name} 是 SentencePiece 分词器：BPE Explorer 的格式（以及“文件 &gt; 导出…”）只能保存字节级分词器。请继续用它自己的 .model 或 tokenizer.json 文件保存它。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/results.py" />
      <source>{name} · %n merge(s) (cancelled)</source>
      <translation>
        <numerusform>{name} · %n 次合并（已取消）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/run_display.py" />
      <source> The previous result, &lt;b&gt;{label}&lt;/b&gt;, can still be saved.</source>
      <translation>之前的结果 &lt;b&gt;{label}&lt;/b&gt; 仍可保存。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/run_display.py" />
      <source>No new tokenizer: training failed. Fix what the message says and start again.</source>
      <translation>没有新的分词器：训练失败。请按消息所说修正后重新开始。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/run_display.py" />
      <source>Training failed: {reason}</source>
      <translation>训练失败：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/run_display.py" />
      <source>Training… The result becomes a tokenizer when training ends or is cancelled; a paused training can be saved as it is.</source>
      <translation>训练中… 训练结束或取消时，结果会成为一个分词器；暂停的训练可以按当前状态保存。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>&amp;Pre-tokenizer</source>
      <translation>预分词器(&amp;P)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <location filename="../../app/window/pattern_dialog.py" />
      <source>&amp;Special tokens</source>
      <translation>特殊词元(&amp;S)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>&amp;Tie-break</source>
      <translation>并列裁决(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>&amp;Vocabulary size</source>
      <translation>词表大小(&amp;V)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>A regular expression (Python `regex` syntax, \p{L} works). Each match is a piece; text between
matches becomes pieces of its own, so nothing is lost. \S+ splits at whitespace, as in the low-lower-widest-newest example.</source>
      <translation>一个正则表达式（Python `regex` 语法，可用 \p{L}）。每个匹配是一个片段；匹配之间的文本
自成片段，因此不会丢失任何内容。\S+ 按空白切分，就像 low-lower-widest-newest 例题那样。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Custom &amp;regex</source>
      <translation>自定义正则(&amp;R)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Custom regex…</source>
      <translation>自定义正则表达式…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Each chip is one piece; · is a space, → a tab; special tokens are dark</source>
      <translation>每个色块是一个片段；· 表示空格，→ 表示制表符；特殊词元为深色</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>GPT-2 regex (tiktoken r50k/p50k)</source>
      <translation>GPT-2 正则（tiktoken r50k/p50k）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>GPT-4 regex (tiktoken cl100k)</source>
      <translation>GPT-4 正则（tiktoken cl100k）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>GPT-4o regex (tiktoken o200k)</source>
      <translation>GPT-4o 正则（tiktoken o200k）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>How the text is cut into pieces before BPE; merges never cross a piece boundary.
The GPT patterns keep a leading space with the word (' world'), split digits and punctuation.</source>
      <translation>BPE 之前如何把文本切成片段；合并永远不会跨越片段边界。
GPT 的模式把词前的空格留在词上（' world'），并把数字和标点分开。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Lexicographically greatest pair (GPT-2, CS336)</source>
      <translation>字典序最大的相邻对（GPT-2、CS336）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Lexicographically smallest pair</source>
      <translation>字典序最小的相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>None (merges may cross words)</source>
      <translation>无（合并可以跨越词）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Preview &amp;line</source>
      <translation>预览行(&amp;L)</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Setting not accepted: {reason}</source>
      <translation>设置无效：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Special tokens, separated by spaces. The corpus is split at them first; they never take
part in a merge and each gets its own id after the last merge.</source>
      <translation>特殊词元，用空格分隔。语料先在它们处切开；它们从不参与
合并，每个在最后一次合并之后获得自己的 id。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>The pre-tokenizer cannot be used: {reason}</source>
      <translation>无法使用该预分词器：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Tokens in the finished vocabulary: 256 single bytes + the merges + the special tokens.
Merges learned = vocabulary size − 256 − special tokens.</source>
      <translation>训练完成后词表中的词元数：256 个单字节 + 合并 + 特殊词元。
学到的合并次数 = 词表大小 − 256 − 特殊词元数。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Type any line to see how the chosen pre-tokenizer cuts it</source>
      <translation>输入任意一行，看所选预分词器如何切分它</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>When two pairs occur equally often, which one is merged first.
'greatest' compares the pairs as byte strings and takes the largest, as GPT-2 did.</source>
      <translation>两个相邻对出现次数相同时，先合并哪一个。
'greatest' 把相邻对当作字节串比较，取最大的那个，与 GPT-2 的做法相同。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>Whitespace prefix (SentencePiece-like ▁)</source>
      <translation>空白前缀（类似 SentencePiece 的 ▁）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/settings_panel.py" />
      <source>none (separate several with spaces)</source>
      <translation>无（多个之间用空格分隔）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source> (target {n})</source>
      <translation>（目标 {n}）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source> ({size} in all)</source>
      <translation>（共 {size}）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>%n merge(s) ({restored} from the checkpoint, {more} more in {time})</source>
      <translation>
        <numerusform>%n 次合并（{restored} 次来自检查点，另外 {more} 次用时 {time}）</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>%n merge(s) in {time}</source>
      <translation>
        <numerusform>%n 次合并，用时 {time}</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>%n pre-token(s)</source>
      <translation>
        <numerusform>%n 个预分词片段</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>256 single bytes + one token per merge + the special tokens</source>
      <translation>256 个单字节 + 每次合并一个词元 + 特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Building the pair index (every adjacent pair of every distinct pre-token)</source>
      <translation>正在建立相邻对索引（每个不同预分词片段中的每个相邻对）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Cancelled</source>
      <translation>已取消</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>Cancelled after %n merge(s); they are kept as a tokenizer.</source>
      <translation>
        <numerusform>在 %n 次合并后取消；这些合并保留为一个分词器。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Cancelled before the first merge; no merge was learned.</source>
      <translation>在第一次合并之前取消；没有学到任何合并。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Cancelling…</source>
      <translation>正在取消…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Corpus: {size}, {pretokens} ({distinct} distinct) · {tokens} now, {bpt} bytes per token</source>
      <translation>语料：{size}，{pretokens}（{distinct} 个不同）· 当前 {tokens}，每词元字节数 {bpt}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Counting pre-tokens: {done} of {total}</source>
      <translation>正在统计预分词片段：{done} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Done: {made} ({why}).</source>
      <translation>完成：{made}（{why}）。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Every byte is counted; combining the counts</source>
      <translation>所有字节都已计数；正在汇总计数</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Loading the checkpoint (the merge loop's arrays and the merges made so far)</source>
      <translation>正在载入检查点（合并循环的数组和已完成的合并）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>Merging: {n} of %n merge(s)</source>
      <translation>
        <numerusform>合并中：第 {n} / %n 次合并</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Paused: {what}</source>
      <translation>已暂停：{what}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Reading the corpus and counting its first block</source>
      <translation>正在读取语料并统计第一块</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Ready: choose a corpus and press Start (F5), or Step (F10) to go merge by merge.</source>
      <translation>就绪：选择语料后按“开始”(F5)，或按“单步”(F10) 一次一次地合并。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Training failed</source>
      <translation>训练失败</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>Training failed; see the message above the tables.</source>
      <translation>训练失败；请看表格上方的消息。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>Vocabulary: 256 bytes + {merges} + {specials} special = &lt;b&gt;%n&lt;/b&gt; token(s)</source>
      <translation>
        <numerusform>词表：256 个字节 + {merges} + {specials} 个特殊词元 = &lt;b&gt;%n&lt;/b&gt; 个词元</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>about {time} left</source>
      <translation>约剩 {time}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>counting: {done} of {total}</source>
      <translation>计数：{done} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>estimating time left…</source>
      <translation>正在估算剩余时间…</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <location filename="../../app/features/train/step_panel.py" />
      <source>no pair was left to merge</source>
      <translation>已没有可合并的相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <location filename="../../app/features/train/step_panel.py" />
      <source>the vocabulary size was reached</source>
      <translation>已达到词表大小</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>under a second left</source>
      <translation>剩余不到一秒</translation>
    </message>
    <message>
      <location filename="../../app/features/train/status.py" />
      <source>{n} merges/s</source>
      <translation>每秒 {n} 次合并</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/status.py" />
      <source>{n} of %n merge(s)</source>
      <translation>
        <numerusform>{n} / %n 次合并</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>A piece the pre-tokenizer cut from the corpus; merges happen only inside pieces</source>
      <translation>预分词器从语料中切出的片段；合并只在片段内部发生</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>How many times this piece occurs in the corpus (each occurrence counts for its pairs)</source>
      <translation>这个片段在语料中出现的次数（每次出现都计入它所含的相邻对）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>How many tokens the piece is made of now</source>
      <translation>这个片段目前由几个词元组成</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>How often the pair occurs now, weighted by the counts of the pre-tokens it is in</source>
      <translation>该相邻对目前的出现次数，按所在预分词片段的计数加权</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>Left token of the pair</source>
      <translation>相邻对的左侧词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>Merged</source>
      <translation>合并结果</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>Position in the order the trainer would pick (count first, then the tie-break rule)</source>
      <translation>训练器挑选时的先后位置（先看计数，再按并列裁决规则）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>Pre-token</source>
      <translation>预分词片段</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>Right token of the pair</source>
      <translation>相邻对的右侧词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>Same count as the next pair: the tie-break rule put it after</source>
      <translation>与下一个要合并的相邻对计数相同：并列裁决规则把它排在后面</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>The next Step merges this pair</source>
      <translation>下一次单步将合并这个相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>The piece's current tokens; the token made by the last merge is outlined in red, the pair the next merge joins is underlined in amber</source>
      <translation>这个片段当前的词元；上一次合并生成的词元用红框标出，下一次合并要连接的相邻对用琥珀色下划线标出</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>The token the merge would create</source>
      <translation>这次合并将生成的词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>bytes: {hex}</source>
      <translation>字节：{hex}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>ids {left} + {right}</source>
      <translation>id {left} + {right}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>ids {left} + {right}; training has ended, so no pair is merged next</source>
      <translation>id {left} + {right}；训练已结束，没有下一个要合并的相邻对</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_model.py" />
      <source>ids: {ids}</source>
      <translation>id：{ids}</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source> (the pair was counted %n time(s): overlapping occurrences count as two pairs but merge once)</source>
      <translation>
        <numerusform>（该相邻对计数为 %n 次：重叠的出现算作两个相邻对，但只合并一次）</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>; the corpus is now %n token(s).</source>
      <translation>
        <numerusform>；语料现在有 %n 个词元。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Merge {k}&lt;/b&gt; (rank {rank}) applied: {pair} → &lt;b&gt;{new}&lt;/b&gt; (new id {id}), %n occurrence(s) replaced</source>
      <translation>
        <numerusform>已应用&lt;b&gt;第 {k} 次合并&lt;/b&gt;（合并序号 {rank}）：{pair} → &lt;b&gt;{new}&lt;/b&gt;（新 id {id}），替换了 %n 处</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Next merge&lt;/b&gt; ({k}, rank {rank}): {pair} → &lt;b&gt;{new}&lt;/b&gt;, the most frequent pair (%n time(s)).</source>
      <translation>
        <numerusform>&lt;b&gt;下一次合并&lt;/b&gt;（第 {k} 次，合并序号 {rank}）：{pair} → &lt;b&gt;{new}&lt;/b&gt;，出现最多的相邻对（%n 次）。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;No pair is left&lt;/b&gt;: every pre-token is a single token. The next Step ends training.</source>
      <translation>&lt;b&gt;已没有相邻对&lt;/b&gt;：每个预分词片段都只剩一个词元。下一次单步将结束训练。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Pair counts&lt;/b&gt; (highlighted: merged next)</source>
      <translation>&lt;b&gt;相邻对计数&lt;/b&gt;（高亮：下一个合并）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Pre-tokens&lt;/b&gt;</source>
      <translation>&lt;b&gt;预分词片段&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Pre-tokens&lt;/b&gt; ({shown} of {total}, most frequent first)</source>
      <translation>&lt;b&gt;预分词片段&lt;/b&gt;（{total} 个中的 {shown} 个，按出现次数从多到少）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Pre-tokens&lt;/b&gt; ({total} distinct)</source>
      <translation>&lt;b&gt;预分词片段&lt;/b&gt;（{total} 个不同）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Step mode.&lt;/b&gt; Choose a small corpus (the &lt;i&gt;Hello helo, I'm&lt;/i&gt; or &lt;i&gt;low lower widest newest&lt;/i&gt; samples), then press &lt;b&gt;Step&lt;/b&gt; (F10): the corpus is counted and training stops before the first merge. Each further Step applies exactly one merge, and both tables show what changed.</source>
      <translation>&lt;b&gt;单步模式。&lt;/b&gt;选择一个小语料（示例文本 &lt;i&gt;Hello helo, I'm&lt;/i&gt; 或 &lt;i&gt;low lower widest newest&lt;/i&gt;），然后按&lt;b&gt;单步&lt;/b&gt; (F10)：先统计语料，训练在第一次合并前停下。之后每按一次单步只做一次合并，两张表格会显示发生了什么变化。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;Training ended&lt;/b&gt; after %n merge(s): {why}. The tables show the final state.</source>
      <translation>
        <numerusform>&lt;b&gt;训练结束&lt;/b&gt;，共 %n 次合并：{why}。表格显示最终状态。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>&lt;b&gt;{what}.&lt;/b&gt; The tables show the state when training pauses (F6), takes one Step (F10) or ends.</source>
      <translation>&lt;b&gt;{what}。&lt;/b&gt;训练暂停 (F6)、单步 (F10) 或结束时，表格会显示当时的状态。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Adjacent token pairs with the highest counts; the first is merged next</source>
      <translation>计数最高的相邻词元对；第一个将在下一次合并</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Counting the corpus</source>
      <translation>正在统计语料</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Other pairs may share that count too: step mode lists every one.</source>
      <translation>其他相邻对也可能有相同的计数：单步模式会一一列出。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Paused while counting the corpus: press &lt;b&gt;Step&lt;/b&gt; to finish counting and stop before the first merge, or &lt;b&gt;Resume&lt;/b&gt;.</source>
      <translation>在统计语料时暂停：按&lt;b&gt;单步&lt;/b&gt;完成计数并在第一次合并前停下，或按&lt;b&gt;继续&lt;/b&gt;。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>The most frequent pre-tokens and how they are segmented now</source>
      <translation>出现最多的预分词片段，以及它们当前的切分</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Tie: {all}. Rule “greatest” (GPT-2's) takes the pair that sorts last as byte strings: {pair} wins {verdicts}.</source>
      <translation>并列：{all}。规则“greatest”（GPT-2 的做法）选按字节串排序最靠后的相邻对：{pair} {verdicts}。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Tie: {all}. Rule “smallest” takes the pair that sorts first as byte strings: {pair} wins {verdicts}.</source>
      <translation>并列：{all}。规则“smallest”选按字节串排序最靠前的相邻对：{pair} {verdicts}。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Tie: {both}. Rule “greatest” (GPT-2's) takes the pair that sorts last as byte strings: {pair} wins because {why}.</source>
      <translation>并列：{both}。规则“greatest”（GPT-2 的做法）选按字节串排序最靠后的相邻对：{pair} 胜出，因为{why}。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>Tie: {both}. Rule “smallest” takes the pair that sorts first as byte strings: {pair} wins because {why}.</source>
      <translation>并列：{both}。规则“smallest”选按字节串排序最靠前的相邻对：{pair} 胜出，因为{why}。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>Training runs: {n} of %n merge(s)</source>
      <translation>
        <numerusform>训练进行中：{n} / %n 次合并</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>it was cancelled</source>
      <translation>训练被取消</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>its {part} part has {x} where the other has {y}</source>
      <translation>它的{part}侧在另一对是 {y} 的位置上是 {x}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>its {part} part {big} extends {small} (a longer string sorts after its prefix)</source>
      <translation>它的{part}侧 {big} 是 {small} 的延长（较长的串排在它的前缀之后）</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>left</source>
      <translation>左</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>over {pair} because {why}</source>
      <translation>胜过 {pair}，因为{why}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>right</source>
      <translation>右</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>the other's {part} part has {x} where the other has {y}</source>
      <translation>另一对的{part}侧在这一对是 {y} 的位置上是 {x}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>the other's {part} part {big} extends {small} (a longer string sorts after its prefix)</source>
      <translation>另一对的{part}侧 {big} 是 {small} 的延长（较长的串排在它的前缀之后）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>{a} and {b} both occur %n time(s)</source>
      <translation>
        <numerusform>{a} 和 {b} 都出现了 %n 次</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>{a} and {b} have the same count</source>
      <translation>{a} 和 {b} 的计数相同</translation>
    </message>
    <message>
      <location filename="../../app/features/train/step_panel.py" />
      <source>{first} and {last}</source>
      <translation>{first} 和 {last}</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/train/step_panel.py" />
      <source>{pairs} all occur %n time(s)</source>
      <translation>
        <numerusform>{pairs} 都出现 %n 次</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Applied the settings suggested for this sample.</source>
      <translation>已应用这个示例文本建议的设置。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Apply</source>
      <translation>应用</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Browse vocabulary</source>
      <translation>浏览词表</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Corpus</source>
      <translation>语料</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Corpus &amp;&amp; settings</source>
      <translation>语料与设置</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Fix the settings first: {problem}</source>
      <translation>请先修正设置：{problem}</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Keep mine</source>
      <translation>保留我的设置</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Live</source>
      <translation>实时</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Merges as they arrive, and two plots</source>
      <translation>实时到来的合并，以及两张图表</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>No tokenizer trained yet.</source>
      <translation>还没有训练出分词器。</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Open the result in the Vocabulary tab</source>
      <translation>在“词表”标签页中打开结果</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Pre-tokens, pair counts and the reason for each merge</source>
      <translation>预分词片段、相邻对计数，以及每次合并的理由</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Settings</source>
      <translation>设置</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Show or hide the corpus and settings. They fold away while training runs, so the merges and step tables get the room</source>
      <translation>显示或隐藏语料与设置。训练进行时它们会收起，把空间留给合并表和单步表格</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Step by step</source>
      <translation>单步</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>This sample is meant for other settings: {settings}. Apply them?</source>
      <translation>这个示例文本适合另一套设置：{settings}。要应用吗？</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>Tokenizer files are read and written in the background; keep working meanwhile</source>
      <translation>分词器文件在后台读写；期间可以继续工作</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>pre-tokenizer</source>
      <translation>预分词器</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>special tokens</source>
      <translation>特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>tie-break</source>
      <translation>并列裁决</translation>
    </message>
    <message>
      <location filename="../../app/features/train/view.py" />
      <source>vocabulary size</source>
      <translation>词表大小</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>A Unigram model's score of the piece: the log of its probability (higher is more likely)</source>
      <translation>Unigram 模型中该片段的分数：其概率的对数（越高越可能）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Byte fallback: stands for one byte of a character the vocabulary lacks</source>
      <translation>字节回退：代表词表中缺少的某个字符的一个字节</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>How often the pair occurred when it was merged in training (unknown for OpenAI encodings)</source>
      <translation>训练中合并这个相邻对时它出现的次数（OpenAI 编码未知）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Left parent</source>
      <translation>左父词元</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Number of bytes</source>
      <translation>字节数</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Right parent</source>
      <translation>右父词元</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Score</source>
      <translation>分数</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>SentencePiece piece: ▁ is a space</source>
      <translation>SentencePiece 片段：▁ 表示空格</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Special token: never merged, never split; encoded only where allowed</source>
      <translation>特殊词元：从不合并，也从不拆分；只在允许的地方编码</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>The token this one was merged from (left part); empty for single bytes and special tokens</source>
      <translation>合并出此词元的左侧词元；单个字节和特殊词元为空</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>The token this one was merged from (right part)</source>
      <translation>合并出此词元的右侧词元</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>The token's bytes in hexadecimal</source>
      <translation>词元的字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>The token's text: · space, ⏎ newline, → tab; &lt;e5 9c&gt; marks bytes that are only part of a character</source>
      <translation>词元的文本：· 空格，⏎ 换行，→ 制表符；&lt;e5 9c&gt; 表示只是字符一部分的字节</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>Token id (bytes are 0-255, merge r is 256 + r, special tokens come last)</source>
      <translation>词元 id（字节为 0-255，第 r 次合并为 256 + r，特殊词元排在最后）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>invalid regex {query}: {reason}</source>
      <translation>无效的 regex {query}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/model.py" />
      <source>pattern too slow: {query} takes too long on these tokens (it backtracks too much); simplify it (avoid nested or overlapping repetitions such as (a|aa)+)</source>
      <translation>模式太慢：{query} 在这些词元上耗时过长（回溯太多）；请简化它（避免嵌套或重叠的重复，例如 (a|aa)+）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search.py" />
      <source>{query} is not a token id: type a number (42), a list (1, 5, 9) or a range (100-200)</source>
      <translation>{query} 不是词元 id：请输入一个数字 (42)、一个列表 (1, 5, 9) 或一个范围 (100-200)</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search.py" />
      <source>{query} is not hex: use the digits 0-9 and a-f, two per byte (for example e5 9c)</source>
      <translation>{query} 不是十六进制：请使用数字 0-9 和 a-f，每个字节两位（例如 e5 9c）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search.py" />
      <source>{query}: hex needs two digits per byte (for example e5 9c)</source>
      <translation>{query}：十六进制每个字节需要两位（例如 e5 9c）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>A regular expression searched in each token's text (\p{Han}, ^\s, ...)</source>
      <translation>在每个词元的文本中搜索的正则表达式 (\p{Han}, ^\s, ...)</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Hex</source>
      <translation>十六进制</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Ids: 42, a list 1, 5, 9 or a range 100-200</source>
      <translation>id：42、列表 1, 5, 9 或范围 100-200</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Match case</source>
      <translation>区分大小写</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Not valid UTF-8 alone</source>
      <translation>单独不是有效 UTF-8</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Off: text and regex searches ignore case (“the” finds “The”)</source>
      <translation>关闭时：文本和正则搜索忽略大小写（“the” 也能找到 “The”）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Only special tokens such as &lt;|endoftext|&gt;</source>
      <translation>只显示特殊词元，例如 &lt;|endoftext|&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Only tokens holding part of a character: they print as U+FFFD when decoded alone</source>
      <translation>只显示含字符一部分的词元：单独解码时显示为 U+FFFD</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Only tokens whose first byte is a space (word starts in GPT vocabularies)</source>
      <translation>只显示第一个字节是空格的词元（GPT 词表中的词首）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Regex</source>
      <translation>正则</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Search by text, regex, id or hex bytes</source>
      <translation>按文本、正则表达式、id 或十六进制字节搜索</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Search tokens…</source>
      <translation>搜索词元…</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Special tokens</source>
      <translation>特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Starts with a space</source>
      <translation>以空格开头</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Tokens containing these bytes: e5 9c or e59c</source>
      <translation>包含这些字节的词元：e5 9c 或 e59c</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/search_bar.py" />
      <source>Tokens whose text contains this (· ⏎ → are read as space, newline, tab)</source>
      <translation>文本包含此内容的词元（· ⏎ → 分别表示空格、换行、制表符）</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>%n merge level(s)</source>
      <translation>
        <numerusform>%n 层合并</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>%n single byte(s)</source>
      <translation>
        <numerusform>%n 个单字节</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>&lt;b&gt;Merge tree&lt;/b&gt;</source>
      <translation>&lt;b&gt;合并树&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>Byte</source>
      <translation>字节</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>How the selected token was built: each token is the merge of its two children, down to single bytes</source>
      <translation>所选词元是怎样构成的：每个词元由它的两个子词元合并而成，一直到单个字节</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>Merge rank</source>
      <translation>合并序号</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>Select a token to see its merge tree.</source>
      <translation>选择一个词元查看它的合并树。</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>a character of the vocabulary: a leaf of the merge trees (SentencePiece merges characters)</source>
      <translation>词表中的一个字符：合并树的叶子（SentencePiece 合并的是字符）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>a single byte: a leaf of every merge tree</source>
      <translation>单个字节：每棵合并树的叶子</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>byte fallback: one byte of a character the vocabulary has no piece for</source>
      <translation>字节回退：词表中没有其片段的某个字符的一个字节</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>bytes {hex}</source>
      <translation>字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>merge rank {rank}</source>
      <translation>合并序号 {rank}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>merge rank {rank}, pair count {count}</source>
      <translation>合并序号 {rank}，相邻对计数 {count}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>special token: never merged</source>
      <translation>特殊词元：从不合并</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/tree_panel.py" />
      <source>{leaves}, {levels}</source>
      <translation>{leaves}，{levels}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>Choose a tokenizer (train or open one, or pick an OpenAI encoding)</source>
      <translation>选择分词器（训练或打开一个，或选择 OpenAI 的编码）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>Copy row</source>
      <translation>复制此行</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>Copy the whole table (as shown)</source>
      <translation>复制整个表格（按当前显示）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>This encoding cannot be shown: {reason}</source>
      <translation>无法显示这个编码：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>Which tokenizer to browse: trained or opened ones first, then OpenAI's encodings</source>
      <translation>要浏览哪个分词器：先列出训练或打开的，然后是 OpenAI 的编码</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>a custom regex</source>
      <translation>自定义正则表达式</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>none (SentencePiece)</source>
      <translation>无（SentencePiece）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>{algorithm}: no merges</source>
      <translation>{algorithm}：无合并</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>{model}'s regex</source>
      <translation>{model} 的正则表达式</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>{shown} of {total}</source>
      <translation>{shown} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>{shown} of {total} (as of merge {k})</source>
      <translation>{shown} / {total}（截至第 {k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/features/vocabulary/view.py" />
      <source>{tokens} · {merges} · pre-tokenizer {spec}</source>
      <translation>{tokens} · {merges} · 预分词器 {spec}</translation>
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
    <message numerus="yes">
      <location filename="../../app/widgets/as_of.py" />
      <source>Show {name} as the Timeline's slider shows it: with only its first {k} of %n merge(s) (it follows the slider)</source>
      <translation>
        <numerusform>按时间线滑块的位置显示 {name}：只用它 %n 次合并中的前 {k} 次（随滑块变化）</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>The Timeline shows {name}, not the tokenizer shown here: choose {name} here to see it as of the Timeline's merge {k}</source>
      <translation>时间线显示的是 {name}，而不是这里显示的分词器：在这里选择 {name}，即可查看它截至时间线第 {k} 次合并时的样子</translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>{name} has no merges ({algorithm}): “As of merge k” applies to BPE tokenizers only</source>
      <translation>{name} 没有合并（{algorithm}）：“截至第 k 次合并”只适用于 BPE 分词器</translation>
    </message>
    <message>
      <location filename="../../app/widgets/as_of.py" />
      <source>{name} is a SentencePiece model: its merges are worked out from scores, not learned in order, so “As of merge k” does not apply to it</source>
      <translation>{name} 是 SentencePiece 模型：它的合并是由分数推算出来的，不是按顺序学到的，所以“截至第 k 次合并”不适用于它</translation>
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
      <source>Remove the selected files from the list (Delete)</source>
      <translation>从列表中移除所选文件 (Delete)</translation>
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
    <message numerus="yes">
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Size: {size} in %n file(s)</source>
      <translation>
        <numerusform>大小：{size}，共 %n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/widgets/corpus_panel.py" />
      <source>Small texts written for BPE Explorer: one click to a first training</source>
      <translation>为 BPE Explorer 编写的短文本：一键开始第一次训练</translation>
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
      <source>{name} ends in the middle of a character (was it cut short?); remove its last bytes or choose a complete file</source>
      <translation>{name} 在一个字符的中间结束（文件是否被截断了？）；请删去最后几个字节，或选择一个完整的文件</translation>
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
      <location filename="../../app/widgets/export.py" />
      <source>cannot write {path}: {reason}</source>
      <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export.py" />
      <source>the picture could not be encoded as PNG: {reason}</source>
      <translation>图片无法编码为 PNG：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/message_bar.py" />
      <source>Dismiss this message</source>
      <translation>关闭此消息</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <location filename="../../app/window/export_dialog.py" />
      <source>All files (*)</source>
      <translation>所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>All tokenizer files (*.json *.model *.tiktoken *.txt)</source>
      <translation>所有分词器文件 (*.json *.model *.tiktoken *.txt)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>BERT WordPiece vocab.txt (vocab.txt *.txt)</source>
      <translation>BERT WordPiece vocab.txt (vocab.txt *.txt)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>GPT-2 vocab.json + merges.txt (vocab.json merges.txt *.json *.txt)</source>
      <translation>GPT-2 vocab.json + merges.txt (vocab.json merges.txt *.json *.txt)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Hugging Face tokenizer.json: BPE or WordPiece (tokenizer.json *.json)</source>
      <translation>Hugging Face tokenizer.json：BPE 或 WordPiece (tokenizer.json *.json)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Mistral Tekken (tekken*.json *.json)</source>
      <translation>Mistral Tekken (tekken*.json *.json)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Saving {name}…</source>
      <translation>正在保存 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>SentencePiece or Llama 3 model (*.model)</source>
      <translation>SentencePiece 或 Llama 3 模型 (*.model)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Stop waiting for this file: whatever is on screen stays as it is (the file is not opened)</source>
      <translation>不再等待这个文件：屏幕上的内容保持不变（不会打开该文件）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Text files (*.txt *.md *.py *.json *.csv);;All files (*)</source>
      <translation>文本文件 (*.txt *.md *.py *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>tiktoken rank file (*.tiktoken *.model)</source>
      <translation>tiktoken 序号文件 (*.tiktoken *.model)</translation>
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
      <source>Pair count per merge (log scale)</source>
      <translation>每次合并的相邻对计数（对数刻度）</translation>
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
      <location filename="../../app/widgets/svg_tree.py" />
      <source>Exported from BPE Explorer</source>
      <translation>由 BPE Explorer 导出</translation>
    </message>
    <message>
      <location filename="../../app/widgets/svg_tree.py" />
      <source>the SVG could not be started</source>
      <translation>无法开始生成 SVG</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Connecting to the internet once also works (tiktoken downloads {key} and keeps it); after setting TIKTOKEN_CACHE_DIR, restart BPE Explorer.</source>
      <translation>也可以联网一次（tiktoken 会下载并保存 {key}）；设置 TIKTOKEN_CACHE_DIR 之后，请重新启动 BPE Explorer。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Hugging Face cache (this computer)</source>
      <translation>Hugging Face 缓存（本机）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Open a local {name} .tiktoken file</source>
      <translation>打开本地的 {name} .tiktoken 文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>The tokenizer to use. Trained tokenizers come first; OpenAI's encodings load the first time they are chosen (a few seconds).</source>
      <translation>要使用的分词器。训练得到的分词器排在前面；OpenAI 的编码在第一次选择时加载（需要几秒钟）。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Tokenizers of models downloaded with Hugging Face's libraries; each loads when first chosen</source>
      <translation>用 Hugging Face 的库下载的模型的分词器；每个在第一次选择时加载</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>tiktoken files (*.tiktoken);;All files (*)</source>
      <translation>tiktoken 文件 (*.tiktoken);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>{name} (loading…)</source>
      <translation>{name}（加载中…）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>{name} (unavailable)</source>
      <translation>{name}（不可用）</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source> (replaces the file there)</source>
      <translation>（替换该位置的文件）</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>&lt;b&gt;{label}&lt;/b&gt; is a SentencePiece tokenizer (character-level BPE with byte fallback). Export writes byte-level tokenizers only (ours, Hugging Face's ByteLevel tokenizer.json, tiktoken, GPT-2), and none of these formats can express SentencePiece's normalizer, its ▁ spaces and byte fallback. Keep using its own file (.model or tokenizer.json).</source>
      <translation>&lt;b&gt;{label}&lt;/b&gt; 是 SentencePiece 分词器（带字节回退的字符级 BPE）。导出只能写字节级分词器（本程序的格式、Hugging Face 的 ByteLevel tokenizer.json、tiktoken、GPT-2），而这些格式都无法表达 SentencePiece 的规范化器、它的 ▁ 空格和字节回退。请继续使用它自己的文件（.model 或 tokenizer.json）。</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>&lt;b&gt;{label}&lt;/b&gt; is a Unigram tokenizer: it can be written as a Hugging Face tokenizer.json (its pieces and scores, normalizer and ▁ spaces) when that format can express its normalizer; the file then gives the same ids in tokenizers. The other formats hold BPE merges, which a Unigram model does not have.</source>
      <translation>&lt;b&gt;{label}&lt;/b&gt; 是 Unigram 分词器：当 Hugging Face tokenizer.json 能表达它的规范化器时，可以写成该格式（含它的片段与分数、规范化器和 ▁ 空格），写出的文件在 tokenizers 中得到相同的 id。其他格式保存的是 BPE 合并，而 Unigram 模型没有合并。</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>BPE Explorer JSON: everything, merge counts included; opens here again</source>
      <translation>BPE Explorer JSON：包含全部信息（含合并计数）；可在本程序中再次打开</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Choose…</source>
      <translation>选择…</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Copy the Python</source>
      <translation>复制 Python 代码</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Export to</source>
      <translation>导出到</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Export “{label}”</source>
      <translation>导出“{label}”</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Exported: {files}</source>
      <translation>已导出：{files}</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>GPT-2 vocab.json + merges.txt: tokenizers with GPT-2's pre-tokenizer only</source>
      <translation>GPT-2 vocab.json + merges.txt：仅适用于使用 GPT-2 预分词器的分词器</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Hugging Face tokenizer.json: for the tokenizers library and transformers</source>
      <translation>Hugging Face tokenizer.json：供 tokenizers 库和 transformers 使用</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Not exported: {reason}</source>
      <translation>未导出：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Save to:</source>
      <translation>保存到：</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>The folder {folder} does not exist.</source>
      <translation>文件夹 {folder} 不存在。</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/window/export_dialog.py" />
      <source>Write &lt;b&gt;{label}&lt;/b&gt; (%n token(s)) for another program. Each format must give the same ids as here; one that cannot (a pre-tokenizer or merge rule it has no way to say) is refused with the reason. Files are written whole or not at all.</source>
      <translation>
        <numerusform>把 &lt;b&gt;{label}&lt;/b&gt;（%n 个词元）写成其他程序可用的格式。每种格式都必须给出与这里相同的 id；做不到的格式（无法表达某个预分词器或合并规则）会被拒绝并说明原因。文件要么完整写入，要么完全不写。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>Writes: {files}</source>
      <translation>将写入：{files}</translation>
    </message>
    <message>
      <location filename="../../app/window/export_dialog.py" />
      <source>tiktoken rank file + JSON sidecar: for tiktoken.Encoding (the Python is shown)</source>
      <translation>tiktoken 序号文件 + JSON 附属文件：供 tiktoken.Encoding 使用（会显示 Python 代码）</translation>
    </message>
    <message>
      <location filename="../../app/window/exporting.py" />
      <source>{path}: cannot save ({reason}); choose another folder</source>
      <translation>{path}：无法保存（{reason}）；请选择其他文件夹</translation>
    </message>
    <message>
      <location filename="../../app/window/exporting.py" />
      <source>{path}: the export failed ({kind}: {detail})</source>
      <translation>{path}：导出失败（{kind}: {detail}）</translation>
    </message>
    <message>
      <location filename="../../app/window/help.py" />
      <source>&amp;About BPE Explorer</source>
      <translation>关于 BPE Explorer(&amp;A)</translation>
    </message>
    <message>
      <location filename="../../app/window/help.py" />
      <source>&amp;Guide and shortcuts</source>
      <translation>指南和快捷键(&amp;G)</translation>
    </message>
    <message>
      <location filename="../../app/window/help.py" />
      <source>&lt;b&gt;BPE Explorer {version}&lt;/b&gt;&lt;p&gt;Train byte-level BPE and watch every merge, tokenize text, compare with OpenAI's encodings, and see why bytes are the atoms.&lt;/p&gt;&lt;p&gt;Press F1 for the guide and the shortcuts.&lt;/p&gt;</source>
      <translation>&lt;b&gt;BPE Explorer {version}&lt;/b&gt;&lt;p&gt;训练字节级 BPE 并观察每一次合并，对文本分词，与 OpenAI 的编码对比，看清为什么字节是最小的单位。&lt;/p&gt;&lt;p&gt;按 F1 查看指南和快捷键。&lt;/p&gt;</translation>
    </message>
    <message>
      <location filename="../../app/window/help.py" />
      <source>&lt;h3&gt;BPE Explorer's tabs&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;Train&lt;/b&gt; teaches how byte-level BPE learns: pick a sample, files or pasted text, press
Start ({start}) and watch each merge join the most frequent pair; the plots show pair
counts falling and bytes per token rising. Step ({step}) applies one merge at a time
and says why that pair won, ties included.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Vocabulary&lt;/b&gt; lists every token of a tokenizer with its bytes and the merge that made
it; select one to see its merge tree down to single bytes.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Tokenize&lt;/b&gt; cuts your text into tokens as you type; Explain replays the merges of one
piece in rank order. Tokens holding part of a character show their bytes.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Compare&lt;/b&gt; shows 2 to 5 tokenizers on the same text and marks where they cut
differently; corpus mode measures compression on a whole file.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Stream decode&lt;/b&gt; feeds tokens one by one to a streaming decoder: bytes wait until
their character is complete.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Timeline&lt;/b&gt; slides through a tokenizer's merges: a text tokenized with only the first k
merges, its token count and bytes per token, the merge k outlined; Play animates it
(Ctrl+Space), also while a training runs. "As of merge k" in Vocabulary, Tokenize and Compare
follows the slider.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Sweep&lt;/b&gt; draws bytes per token against vocabulary size from one training (every smaller
vocabulary is its first merges) on held-out English, Chinese and code (add your own files),
with OpenAI's encodings as reference points; export the chart (PNG, SVG) and the points (CSV).&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Families&lt;/b&gt; cuts one text seven ways: characters, UTF-8 bytes, words with &amp;lt;UNK&amp;gt;,
character-level BPE with byte fallback, byte-level BPE (trained there, or a tokenizer of the
session), WordPiece (BERT) and Unigram, with their token counts, bytes per token, vocabulary
sizes, unknowns, tokens holding part of a character and whether decoding gives the text back.&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Measure&lt;/b&gt; measures 1 to 5 tokenizers as the research does: the language tax on the
Universal Declaration of Human Rights in 100 languages (each language's tokens against
English's for the same text, grouped by script, with a Gini coefficient), compression,
fertility and Rényi efficiency, and vocabulary health (unreachable, part-character, unused and
intermediate-only tokens); export the tables (CSV) and the chart (PNG, SVG).&lt;/p&gt;
&lt;p&gt;&lt;b&gt;Byte notation&lt;/b&gt;: &lt;code&gt;&amp;lt;e3 80&amp;gt;&lt;/code&gt; is one token holding the bytes e3 80
(part of a character); &lt;code&gt;&amp;lt;80&amp;gt;&amp;lt;82&amp;gt;&lt;/code&gt; is two tokens of one byte each.
· stands for a space, ⏎ for a newline, → for a tab.&lt;/p&gt;
&lt;h3&gt;Shortcuts&lt;/h3&gt;
&lt;table&gt;
&lt;tr&gt;&lt;td&gt;Start · Pause · Resume&lt;/td&gt;&lt;td&gt;{start} · {pause} · {resume}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Step · Cancel&lt;/td&gt;&lt;td&gt;{step} · {cancel}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Save the training as a checkpoint · Resume one&lt;/td&gt;&lt;td&gt;{checkpoint} · {resume_file}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Open any tokenizer file (or drop it on the window) · Save the current view's tokenizer&lt;/td&gt;&lt;td&gt;Ctrl+O · Ctrl+S&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Export it for Hugging Face, tiktoken or GPT-2 (File &amp;gt; Export…)&lt;/td&gt;&lt;td&gt;Ctrl+E&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Tokenizers of this session (rename, remove, save)&lt;/td&gt;&lt;td&gt;Ctrl+T&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Tabs&lt;/td&gt;&lt;td&gt;Ctrl+1 … Ctrl+{tabs}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Timeline: play or pause&lt;/td&gt;&lt;td&gt;Ctrl+Space&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Zoom in · out · actual size (every view)&lt;/td&gt;&lt;td&gt;{zoom_in} · {zoom_out} · {zoom_reset}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Presentation mode (full screen, large, high contrast)&lt;/td&gt;&lt;td&gt;{presentation}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Export the view as PNG · SVG · its tokens as HTML&lt;/td&gt;&lt;td&gt;{export_png} · {export_svg} · {export_html}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Search the vocabulary&lt;/td&gt;&lt;td&gt;Ctrl+F&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;Copy ids, tokens or the table (Tokenize, Vocabulary)&lt;/td&gt;&lt;td&gt;right-click · Ctrl+C&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;This guide&lt;/td&gt;&lt;td&gt;F1&lt;/td&gt;&lt;/tr&gt;
&lt;/table&gt;</source>
      <translation>&lt;h3&gt;BPE Explorer 的各个标签页&lt;/h3&gt;
&lt;p&gt;&lt;b&gt;训练&lt;/b&gt;讲解字节级 BPE 如何学习：选一个示例文本、文件或粘贴的文本，按下开始（{start}），看每一次合并如何把出现最多的相邻对连在一起；图表显示相邻对计数逐渐下降、每词元字节数逐渐上升。单步（{step}）一次只做一次合并，并说明为什么是这个相邻对胜出，包括并列的情况。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;词表&lt;/b&gt;列出分词器的每个词元、它的字节以及生成它的那次合并；选中一个词元，可以看到它一直拆到单个字节的合并树。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;分词&lt;/b&gt;在你输入时把文本切成词元；“解释”按合并序号重放一个片段的各次合并。只含某个字符一部分的词元会显示它的字节。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;对比&lt;/b&gt;在同一段文本上并排显示 2 到 5 个分词器，并标出它们切分不同的地方；语料模式在整个文件上测量压缩率。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;流式解码&lt;/b&gt;把词元逐个送入流式解码器：字节会一直等待，直到它们所属的字符完整为止。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;时间线&lt;/b&gt;逐次浏览一个分词器的合并：一段文本只用前 k 次合并来分词，显示它的词元数和每词元字节数，并框出第 k 次合并；“播放”以动画方式演示（Ctrl+Space），训练进行时也可以。词表、分词和对比中的“截至第 k 次合并”会跟随滑块。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;扫描&lt;/b&gt;根据一次训练，画出每词元字节数随词表大小的变化（每个更小的词表就是它的前若干次合并），在留出的英文、中文和代码文本上（也可以添加你自己的文件），并以 OpenAI 的编码作为参照点；可以导出图表（PNG、SVG）和数据点（CSV）。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;分词家族&lt;/b&gt;用七种方式切分同一段文本：字符、UTF-8 字节、带 &amp;lt;UNK&amp;gt; 的词、带字节回退的字符级 BPE、字节级 BPE（在该页训练，或用本次会话的一个分词器）、WordPiece（BERT）和 Unigram，并给出它们的词元数、每词元字节数、词表大小、未知词数、含字符一部分的词元数，以及解码能否还原原文。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;测量&lt;/b&gt;按研究中的方法测量 1 到 5 个分词器：在 100 种语言的《世界人权宣言》上的语言税（同一文本中每种语言的词元数相对于英语，按文字分组，并给出基尼系数）、压缩率、每词词元数（fertility）和 Rényi 效率，以及词表健康度（不可达、字符的一部分、未使用和仅作中间结果的词元）；可导出表格（CSV）和图表（PNG、SVG）。&lt;/p&gt;
&lt;p&gt;&lt;b&gt;字节记法&lt;/b&gt;：&lt;code&gt;&amp;lt;e3 80&amp;gt;&lt;/code&gt; 是一个包含字节 e3 80 的词元（一个字符的一部分）；&lt;code&gt;&amp;lt;80&amp;gt;&amp;lt;82&amp;gt;&lt;/code&gt; 是两个各含一个字节的词元。· 表示空格，⏎ 表示换行，→ 表示制表符。&lt;/p&gt;
&lt;h3&gt;快捷键&lt;/h3&gt;
&lt;table&gt;
&lt;tr&gt;&lt;td&gt;开始 · 暂停 · 继续&lt;/td&gt;&lt;td&gt;{start} · {pause} · {resume}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;单步 · 取消&lt;/td&gt;&lt;td&gt;{step} · {cancel}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;把训练保存为检查点 · 从检查点继续&lt;/td&gt;&lt;td&gt;{checkpoint} · {resume_file}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;打开任意分词器文件（或拖放到窗口上）· 保存当前视图的分词器&lt;/td&gt;&lt;td&gt;Ctrl+O · Ctrl+S&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;导出给 Hugging Face、tiktoken 或 GPT-2 使用（文件 &amp;gt; 导出…）&lt;/td&gt;&lt;td&gt;Ctrl+E&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;本次会话的分词器（重命名、移除、保存）&lt;/td&gt;&lt;td&gt;Ctrl+T&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;标签页&lt;/td&gt;&lt;td&gt;Ctrl+1 … Ctrl+{tabs}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;时间线：播放或暂停&lt;/td&gt;&lt;td&gt;Ctrl+Space&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;放大 · 缩小 · 实际大小（所有视图）&lt;/td&gt;&lt;td&gt;{zoom_in} · {zoom_out} · {zoom_reset}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;演示模式（全屏、大字号、高对比度）&lt;/td&gt;&lt;td&gt;{presentation}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;把视图导出为 PNG · SVG · 把它的词元导出为 HTML&lt;/td&gt;&lt;td&gt;{export_png} · {export_svg} · {export_html}&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;搜索词表&lt;/td&gt;&lt;td&gt;Ctrl+F&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;复制 id、词元或表格（分词、词表）&lt;/td&gt;&lt;td&gt;右键 · Ctrl+C&lt;/td&gt;&lt;/tr&gt;
&lt;tr&gt;&lt;td&gt;本指南&lt;/td&gt;&lt;td&gt;F1&lt;/td&gt;&lt;/tr&gt;
&lt;/table&gt;</translation>
    </message>
    <message>
      <location filename="../../app/window/help.py" />
      <source>About BPE Explorer</source>
      <translation>关于 BPE Explorer</translation>
    </message>
    <message>
      <location filename="../../app/window/help.py" />
      <source>BPE Explorer guide</source>
      <translation>BPE Explorer 指南</translation>
    </message>
    <message>
      <location filename="../../app/window/language.py" />
      <source>&amp;Language</source>
      <translation>语言(&amp;L)</translation>
    </message>
    <message>
      <location filename="../../app/window/language.py" />
      <source>{language} is not available: its translation file {path} is missing. The texts stay in English.</source>
      <translation>{language} 不可用：缺少翻译文件 {path}。界面文字保持英文。</translation>
    </message>
    <message>
      <location filename="../../app/window/main_window.py" />
      <source>Ready</source>
      <translation>就绪</translation>
    </message>
    <message>
      <location filename="../../app/window/menus.py" />
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <location filename="../../app/window/menus.py" />
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <location filename="../../app/window/menus.py" />
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <location filename="../../app/window/menus.py" />
      <source>&amp;Training</source>
      <translation>训练(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../app/window/menus.py" />
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Could not open {name}</source>
      <translation>无法打开 {name}</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Could not open {path}</source>
      <translation>无法打开 {path}</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Could not save {name}</source>
      <translation>无法保存 {name}</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Not opened: no pattern chosen</source>
      <translation>未打开：没有选择模式</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Open a tokenizer file of any format: ours, Hugging Face tokenizer.json, SentencePiece .model, tiktoken rank file, GPT-2 vocab.json + merges.txt, Tekken (or drop it on the window)</source>
      <translation>打开任意格式的分词器文件：本程序的格式、Hugging Face tokenizer.json、SentencePiece .model、tiktoken 序号文件、GPT-2 vocab.json + merges.txt、Tekken（也可以拖放到窗口上）</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Opened {path}</source>
      <translation>已打开 {path}</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Opening {path}…</source>
      <translation>正在打开 {path}…</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Saved {path}</source>
      <translation>已保存 {path}</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>Stopped opening: nothing was changed</source>
      <translation>已停止打开：没有任何更改</translation>
    </message>
    <message>
      <location filename="../../app/window/opening.py" />
      <source>{name} needs a pre-tokenizer pattern</source>
      <translation>{name} 需要一个预分词器模式</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>&amp;Custom regex</source>
      <translation>自定义正则表达式(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>&lt;b&gt;{name}&lt;/b&gt; is a tiktoken rank file: it lists tokens and their ranks, but not the regex that cuts text into pieces before merging, nor the special tokens. Choose the pattern of the model it comes from (the ids depend on it), or write your own.</source>
      <translation>&lt;b&gt;{name}&lt;/b&gt; 是 tiktoken 序号文件：它列出了词元及其序号，但没有在合并之前把文本切成片段的正则表达式，也没有特殊词元。请选择它所属模型的模式（id 取决于它），或者自己编写一个。</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Each chip is one piece; · is a space; special tokens are dark</source>
      <translation>每个色块是一个片段；· 表示空格；特殊词元为深色</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Each match is a piece; text between matches becomes pieces of its own, so nothing is lost.</source>
      <translation>每个匹配是一个片段；匹配之间的文本也各自成为片段，因此不会丢失任何内容。</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Fill in the special tokens the chosen model family uses, with their ids</source>
      <translation>填入所选模型系列使用的特殊词元及其 id</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Found beside the file ({where}): %n special token(s), e.g. {examples}.</source>
      <translation>
        <numerusform>在文件旁找到（{where}）：%n 个特殊词元，例如 {examples}。</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>No special tokens were found beside the file.</source>
      <translation>文件旁没有找到特殊词元。</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Pre-tokenizer for {name}</source>
      <translation>{name} 的预分词器</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Sa&amp;mple</source>
      <translation>示例(&amp;M)</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Special tokens, separated by spaces: NAME=ID pairs such as &lt;|endoftext|&gt;=100257, or names only (they get the ids after the last rank). Empty: those found beside the file, or none.</source>
      <translation>特殊词元，用空格分隔：NAME=ID 对，例如 &lt;|endoftext|&gt;=100257，或者只写名称（它们会获得最后一个序号之后的 id）。留空：使用文件旁找到的特殊词元，没有则不用。</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Type any line to see how the chosen pattern cuts it</source>
      <translation>输入任意一行，看所选模式如何切分它</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Use this model's special tokens</source>
      <translation>使用该模型的特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>Write a regex, or choose a known pattern above.</source>
      <translation>请编写一个正则表达式，或在上方选择一个已知模式。</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>a regex of the Python regex module, e.g. \S+|\s+</source>
      <translation>Python regex 模块的正则表达式，例如 \S+|\s+</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>give every special token an id (NAME=ID) or none of them</source>
      <translation>要么给每个特殊词元都指定 id（NAME=ID），要么都不指定</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>keep the {count} found in {where}; type NAME=ID pairs to replace them</source>
      <translation>保留在 {where} 中找到的 {count} 个；输入 NAME=ID 对可替换它们</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>none (NAME=ID pairs, or names)</source>
      <translation>无（NAME=ID 对，或名称）</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>the files beside it</source>
      <translation>它旁边的文件</translation>
    </message>
    <message>
      <location filename="../../app/window/pattern_dialog.py" />
      <source>{part}: write NAME=ID with a whole number, e.g. &lt;|endoftext|&gt;=100257</source>
      <translation>{part}：请写成 NAME=ID，ID 为整数，例如 &lt;|endoftext|&gt;=100257</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>&amp;Actual size</source>
      <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>&amp;Presentation mode</source>
      <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>BPE Explorer: {view}</source>
      <translation>BPE Explorer：{view}</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Could not export to {path}</source>
      <translation>无法导出到 {path}</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Export the tokens of the {view} view as HTML</source>
      <translation>把“{view}”视图的词元导出为 HTML</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Export the {view} view as PNG</source>
      <translation>把“{view}”视图导出为 PNG</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Export the {view} view as SVG</source>
      <translation>把“{view}”视图导出为 SVG</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Export tokens as &amp;HTML…</source>
      <translation>把词元导出为 &amp;HTML…</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Export view as &amp;PNG…</source>
      <translation>把视图导出为 &amp;PNG…</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Export view as &amp;SVG…</source>
      <translation>把视图导出为 &amp;SVG…</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Exported {path}</source>
      <translation>已导出 {path}</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Full screen, large fonts, high-contrast chips, secondary panels hidden (F11 again to leave)</source>
      <translation>全屏、大字号、高对比度色块，隐藏次要面板（再按 F11 退出）</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Larger text and chips in every view</source>
      <translation>所有视图中的文字和色块变大</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>PNG picture (*.png)</source>
      <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>SVG drawing (*.svg)</source>
      <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Save the current view as a picture (twice the pixels when presenting)</source>
      <translation>把当前视图保存为图片（演示模式下像素加倍）</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Save the current view as an SVG drawing (text and shapes stay sharp)</source>
      <translation>把当前视图保存为 SVG 矢量图（文字和图形保持清晰）</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Save the tokens this view shows as a standalone web page: colored chips, ids on hover</source>
      <translation>把此视图显示的词元保存为独立网页：彩色色块，悬停显示 id</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Smaller text and chips in every view</source>
      <translation>所有视图中的文字和色块变小</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Text and chips at their normal size</source>
      <translation>文字和色块恢复正常大小</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>The {view} view shows no tokens to export yet.</source>
      <translation>“{view}”视图还没有可导出的词元。</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>This view shows no tokens to export.</source>
      <translation>此视图没有可导出的词元。</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Web page (*.html)</source>
      <translation>网页 (*.html)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Zoom &amp;in</source>
      <translation>放大(&amp;I)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Zoom &amp;out</source>
      <translation>缩小(&amp;O)</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>Zoom {percent} %</source>
      <translation>缩放 {percent} %</translation>
    </message>
    <message>
      <location filename="../../app/window/presentation.py" />
      <source>{tip} ({shortcut})</source>
      <translation>{tip}（{shortcut}）</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>A training is paused</source>
      <translation>训练已暂停</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Choose a file, save the training there, then quit</source>
      <translation>选择一个文件，把训练保存到那里，然后退出</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Quit</source>
      <translation>退出</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Quit while training?</source>
      <translation>训练中要退出吗？</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Save &amp;&amp; quit…</source>
      <translation>保存并退出…</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Save the training, then quit</source>
      <translation>保存训练，然后退出</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Saved the training to {path}</source>
      <translation>已把训练保存到 {path}</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Saving before quitting…</source>
      <translation>退出前正在保存…</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Saving the training to {path}, then quitting…</source>
      <translation>正在把训练保存到 {path}，然后退出…</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/window/quit.py" />
      <source>The training has ended (%n merge(s)). Save the tokenizer, or quit and lose it?</source>
      <translation>
        <numerusform>训练已结束（%n 次合并）。保存这个分词器，还是退出并丢弃它？</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>Training is running</source>
      <translation>训练正在进行</translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>still counting</source>
      <translation>仍在计数</translation>
    </message>
    <message numerus="yes">
      <location filename="../../app/window/quit.py" />
      <source>{done} of %n merge(s)</source>
      <translation>
        <numerusform>已完成 {done} / %n 次合并</numerusform>
      </translation>
    </message>
    <message>
      <location filename="../../app/window/quit.py" />
      <source>{what} ({done}). Save it as a checkpoint to go on with it later (File &gt; Resume training…), or quit and lose it?</source>
      <translation>{what}（{done}）。要把它保存为检查点以便以后继续（文件 &gt; 继续训练…），还是退出并放弃它？</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>&amp;Export tokenizer…</source>
      <translation>导出分词器(&amp;E)…</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>&amp;Save tokenizer…</source>
      <translation>保存分词器(&amp;S)…</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>&amp;Tokenizers…</source>
      <translation>分词器列表(&amp;T)…</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>Every tokenizer of this session: rename, remove or save</source>
      <translation>本次会话的所有分词器：重命名、移除或保存</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>Exported {files}</source>
      <translation>已导出 {files}</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>Save the tokenizer of the current view (its name is in the dialog's title)</source>
      <translation>保存当前视图的分词器（名称显示在对话框标题中）</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>This view shows no tokenizer to export</source>
      <translation>此视图没有可导出的分词器</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>This view shows no tokenizer to save</source>
      <translation>此视图没有可保存的分词器</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>Write the current view's tokenizer as a Hugging Face tokenizer.json, a tiktoken file, GPT-2 files or ours</source>
      <translation>把当前视图的分词器写成 Hugging Face tokenizer.json、tiktoken 文件、GPT-2 文件或本程序的格式</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>{name} cannot be saved in our format</source>
      <translation>{name} 无法保存为本程序的格式</translation>
    </message>
    <message>
      <location filename="../../app/window/saving.py" />
      <source>{name} is not a byte-level BPE tokenizer: BPE Explorer's format (and File &gt; Export…) holds byte-level tokenizers only. Its own file stays the way to keep it.</source>
      <translation>{name} 不是字节级 BPE 分词器：BPE Explorer 的格式（以及“文件 &gt; 导出…”）只保存字节级分词器。请保留它自己的文件。</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Browse every token and how it was built</source>
      <translation>浏览每个词元以及它是如何构成的</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Bytes per token against vocabulary size, from one training, on held-out texts and OpenAI's encodings</source>
      <translation>每词元字节数随词表大小的变化：来自一次训练，在留出文本上，并与 OpenAI 的编码对照</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Compare</source>
      <translation>对比</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Families</source>
      <translation>分词家族</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Feed tokens one at a time and watch the byte queue</source>
      <translation>逐个送入词元，观察字节队列</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>One text cut by six tokenizer families: characters, bytes, words, BPE, WordPiece</source>
      <translation>用六种分词家族切分同一段文本：字符、字节、词、BPE、WordPiece</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Slide through a training's merges: a text tokenized as of merge k, or play it</source>
      <translation>逐次浏览一次训练的合并：截至第 k 次合并的文本分词，或自动播放</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Stream decode</source>
      <translation>流式解码</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Sweep</source>
      <translation>扫描</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>The language tax, efficiency and vocabulary health of 1–5 tokenizers, as the research measures them</source>
      <translation>按研究中的方法测量 1–5 个分词器的语言税、效率和词表健康度</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>The same text with 2–5 tokenizers side by side, and on a whole file</source>
      <translation>同一段文本用 2–5 个分词器并排比较，也可以在整个文件上比较</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Timeline</source>
      <translation>时间线</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Tokenize</source>
      <translation>分词</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Train a tokenizer and watch every merge</source>
      <translation>训练一个分词器，观察每一次合并</translation>
    </message>
    <message>
      <location filename="../../app/window/tabs.py" />
      <source>Type text and see its tokens, ids and merges live</source>
      <translation>输入文本，实时查看它的词元、id 和合并</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>.tiktoken file</source>
      <translation>.tiktoken 文件</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Added</source>
      <translation>添加时间</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Kind</source>
      <translation>类型</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>New name:</source>
      <translation>新名称：</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>No tokenizer trained or opened yet: train one in the Train tab, or open a file (Ctrl+O).</source>
      <translation>还没有训练或打开任何分词器：请在“训练”标签页训练一个，或打开一个文件（Ctrl+O）。</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Rename tokenizer</source>
      <translation>重命名分词器</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Rename…</source>
      <translation>重命名…</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <location filename="../../app/window/unsaved.py" />
      <source>Save…</source>
      <translation>保存…</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>Tokenizers of this session</source>
      <translation>本次会话的分词器</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>opened</source>
      <translation>已打开</translation>
    </message>
    <message>
      <location filename="../../app/window/tokenizer_list.py" />
      <source>trained</source>
      <translation>已训练</translation>
    </message>
    <message>
      <location filename="../../app/window/unsaved.py" />
      <source>Choose where to save them, save them, then quit</source>
      <translation>选择保存位置，保存它们，然后退出</translation>
    </message>
    <message>
      <location filename="../../app/window/unsaved.py" />
      <source>Discard</source>
      <translation>丢弃</translation>
    </message>
    <message>
      <location filename="../../app/window/unsaved.py" />
      <source>Save the tokenizers in a folder</source>
      <translation>把分词器保存到一个文件夹</translation>
    </message>
    <message>
      <location filename="../../app/window/unsaved.py" />
      <source>Save the tokenizers you trained?</source>
      <translation>保存你训练的分词器吗？</translation>
    </message>
    <message>
      <location filename="../../app/window/unsaved.py" />
      <source>Saving {path}, then quitting…</source>
      <translation>正在保存 {path}，然后退出…</translation>
    </message>
    <message>
      <location filename="../../app/window/unsaved.py" />
      <source>These tokenizers of this session were never saved:&lt;ul&gt;{names}&lt;/ul&gt;Save them, or quit and lose them?</source>
      <translation>本次会话中的这些分词器从未保存：&lt;ul&gt;{names}&lt;/ul&gt;保存它们，还是退出并丢弃它们？</translation>
    </message>
  </context>
  <context>
    <name>QFileDialog</name>
    <message>
      <source>&amp;Look in:</source>
      <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
      <source>Files of &amp;type:</source>
      <translation>文件类型(&amp;T)：</translation>
    </message>
  </context>
</TS>
