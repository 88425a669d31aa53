<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>bpe_explorer</name>
    <message>
      <location filename="../../app/content/families.py" />
      <source>A run of Chinese characters is one 'word' up to the next punctuation mark, so almost every sentence is unknown; characters are 3 bytes each.</source>
      <translation>一串连续的汉字直到下一个标点才算一个“词”，所以几乎每个句子都是未知词；每个汉字占 3 个字节。</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Chinese</source>
      <translation>中文</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Emoji are 4 bytes; the character family still needs one token each, the byte family four, and char-level BPE falls back to &lt;0xNN&gt; bytes for characters it never saw.</source>
      <translation>表情符号占 4 个字节：字符家族每个仍只需一个词元，字节家族需要四个，字符级 BPE 对没见过的字符则回退为 &lt;0xNN&gt; 字节词元。</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>English with new words</source>
      <translation>含生词的英文</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Indentation and identifiers: known pieces for the word family, merged runs for BPE.</source>
      <translation>缩进和标识符：对词家族是已知片段，对 BPE 是合并后的连续片段。</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Mixed with emoji</source>
      <translation>夹杂表情符号</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Python code</source>
      <translation>Python 代码</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>SentencePiece writes a space as ▁, so a ▁ typed in the text comes back as a space: the character-level BPE round trip fails there.</source>
      <translation>SentencePiece 把空格写作 ▁，所以文本里输入的 ▁ 解码后会变成空格：字符级 BPE 的往返（编码再解码）在这里失败。</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Spaces and a ▁</source>
      <translation>空格与 ▁</translation>
    </message>
    <message>
      <location filename="../../app/content/families.py" />
      <source>Words the story never used (dolphin, jumped, telescope) are &lt;UNK&gt; for the word family; the BPE families spell them from smaller pieces.</source>
      <translation>故事里从未出现的词（dolphin、jumped、telescope）在词家族中成为 &lt;UNK&gt;；两个 BPE 家族则用更小的片段拼出它们。</translation>
    </message>
    <message>
      <location filename="../../app/jobs/corpus_encode.py" />
      <source>{path} is empty; choose a file with some text</source>
      <translation>{path} 是空文件；请选择一个有文本的文件</translation>
    </message>
    <message>
      <location filename="../../app/jobs/corpus_encode.py" />
      <source>{path}: cannot be read ({reason}); choose another file</source>
      <translation>{path}：无法读取（{reason}）；请选择其他文件</translation>
    </message>
    <message>
      <location filename="../../app/jobs/corpus_encode.py" />
      <source>{path}: encoding failed ({kind}: {reason})</source>
      <translation>{path}：编码失败（{kind}: {reason}）</translation>
    </message>
    <message>
      <location filename="../../app/jobs/families.py" />
      <source>training failed ({kind}: {reason})</source>
      <translation>训练失败（{kind}: {reason}）</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <location filename="../../app/models/families.py" />
      <source>Bytes/token</source>
      <translation>字节/词元</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Characters per token for the text above</source>
      <translation>上方文本的每词元字符数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Characters per token on the corpus file</source>
      <translation>语料文件的每词元字符数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Chars/token</source>
      <translation>字符/词元</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Corpus bytes/token</source>
      <translation>语料 字节/词元</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Corpus chars/token</source>
      <translation>语料 字符/词元</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Corpus tokens</source>
      <translation>语料词元数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Corpus tokens of this column ÷ those of the first column</source>
      <translation>本列的语料词元数 ÷ 第一列的语料词元数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Corpus vs first</source>
      <translation>语料 对比第一列</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>The tokenizer of this column</source>
      <translation>本列的分词器</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <location filename="../../app/models/families.py" />
      <source>Tokens</source>
      <translation>词元数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Tokens for the corpus file (corpus mode)</source>
      <translation>语料文件的词元数（语料模式）</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <location filename="../../app/models/families.py" />
      <source>Tokens for the text above</source>
      <translation>上方文本的词元数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>Tokens of this column ÷ tokens of the first column (below 1: fewer tokens)</source>
      <translation>本列词元数 ÷ 第一列词元数（小于 1：词元更少）</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>UTF-8 bytes per token for the text above (higher: better compression)</source>
      <translation>上方文本每个词元的 UTF-8 字节数（越高：压缩率越好）</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>UTF-8 bytes per token on the corpus file</source>
      <translation>语料文件每个词元的 UTF-8 字节数</translation>
    </message>
    <message>
      <location filename="../../app/models/compare_summary.py" />
      <source>vs first</source>
      <translation>对比第一列</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <source> and {n} more</source>
      <translation> 等，另有 {n} 处</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Decoded: {text}</source>
      <translation>解码结果：{text}</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Does decoding the tokens give the text back? ✗ names what is lost</source>
      <translation>解码这些词元能否还原文本？✗ 会列出丢失的内容</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Family</source>
      <translation>家族</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>How many different tokens the family can produce</source>
      <translation>该家族能产生多少种不同的词元</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>How the text is cut into tokens</source>
      <translation>文本如何被切分成词元</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Part-character</source>
      <translation>半个字符</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Round trip</source>
      <translation>往返</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Tokens holding only some of a character's UTF-8 bytes (bytes, byte fallback, split characters)</source>
      <translation>只含某个字符部分 UTF-8 字节的词元（字节、字节回退、被拆开的字符）</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Tokens that stand for text the vocabulary does not hold (&lt;UNK&gt;)</source>
      <translation>代表词表中没有的文本的词元（&lt;UNK&gt;）</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>UTF-8 bytes of the text per token (higher: fewer tokens)</source>
      <translation>文本每个词元的 UTF-8 字节数（越高：词元越少）</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Unknown</source>
      <translation>未知词</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>Vocabulary</source>
      <translation>词表</translation>
    </message>
    <message>
      <location filename="../../app/models/families.py" />
      <source>✗ loses {texts}{more}</source>
      <translation>✗ 丢失 {texts}{more}</translation>
    </message>
    <message>
      <location filename="../../app/models/overlap.py" />
      <source>Bytes (hex)</source>
      <translation>字节（十六进制）</translation>
    </message>
    <message>
      <location filename="../../app/models/overlap.py" />
      <source>Id</source>
      <translation>ID</translation>
    </message>
    <message>
      <location filename="../../app/models/overlap.py" />
      <source>Length</source>
      <translation>长度</translation>
    </message>
    <message>
      <location filename="../../app/models/overlap.py" />
      <source>Token</source>
      <translation>词元</translation>
    </message>
    <message>
      <location filename="../../app/models/overlap.py" />
      <source>id {id}: {n} byte(s) {hex}</source>
      <translation>ID {id}：{n} 个字节 {hex}</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source> (1 column without a tokenizer skipped)</source>
      <translation>（跳过了 1 个没有分词器的列）</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source> (as of merge {k})</source>
      <translation>（截至第 {k} 次合并）</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source> ({n} columns without a tokenizer skipped)</source>
      <translation>（跳过了 {n} 个没有分词器的列）</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>+ Add tokenizer</source>
      <translation>+ 添加分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>&lt;b&gt;Cannot use this file.&lt;/b&gt; {reason}</source>
      <translation>&lt;b&gt;无法使用此文件。&lt;/b&gt; {reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Add a column (up to {n}) (Ctrl+Shift+A)</source>
      <translation>添加一列（最多 {n} 列）(Ctrl+Shift+A)</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Boundary diff: &lt;b&gt;1&lt;/b&gt; stretch cut differently (outlined in orange in every column): {samples}{more}</source>
      <translation>边界差异：&lt;b&gt;1&lt;/b&gt; 处切分不同（在每一列中以橙色框出）：{samples}{more}</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Boundary diff: &lt;b&gt;{n}&lt;/b&gt; stretches cut differently (outlined in orange in every column): {samples}{more}</source>
      <translation>边界差异：&lt;b&gt;{n}&lt;/b&gt; 处切分不同（在每一列中以橙色框出）：{samples}{more}</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Boundary diff: every tokenizer cuts this text at the same places.</source>
      <translation>边界差异：每个分词器都在相同位置切分这段文本。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Boundary diff: needs at least two working columns.</source>
      <translation>边界差异：至少需要两个可用的列。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Cancelled. Rows with corpus figures finished before Cancel; the others show —.</source>
      <translation>已取消。有语料数据的行在取消前已完成；其余行显示 —。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Choose a UTF-8 text file</source>
      <translation>选择一个 UTF-8 文本文件</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Choose a UTF-8 text file to compare the tokenizers' compression on more than a snippet.</source>
      <translation>选择一个 UTF-8 文本文件，在比片段更长的文本上对比各分词器的压缩率。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Choose a file first.</source>
      <translation>请先选择文件。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Choose a preset…</source>
      <translation>选择预设…</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <source>Choose file…</source>
      <translation>选择文件…</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Corpus mode: compression on a whole file</source>
      <translation>语料模式：整个文件的压缩率</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Done: {mb} MB encoded by each tokenizer in {s} s in total.</source>
      <translation>完成：每个分词器各编码了 {mb} MB，共用时 {s} 秒。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Encode only the first megabytes of the file (0: the whole file)</source>
      <translation>只编码文件的前若干 MB（0：整个文件）</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Encode the file with every column's tokenizer (Ctrl+Return)</source>
      <translation>用每一列的分词器编码该文件 (Ctrl+Return)</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Encoding {name} with 1 tokenizer…</source>
      <translation>正在用 1 个分词器编码 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Encoding {name} with {n} tokenizers…</source>
      <translation>正在用 {n} 个分词器编码 {name}…</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Highlight differences</source>
      <translation>突出显示差异</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>How many tokens two tokenizers share, and the tokens only one has</source>
      <translation>两个分词器共有多少词元，以及只有其中一个才有的词元</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>No column has a usable tokenizer yet.</source>
      <translation>还没有哪一列有可用的分词器。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>No file chosen</source>
      <translation>未选择文件</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Outline in orange the tokens whose boundaries another column does not share</source>
      <translation>用橙色框出边界与其他列不一致的词元</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Preset:</source>
      <translation>预设：</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Press Run to encode the file with every column's tokenizer.</source>
      <translation>按“运行”用每一列的分词器编码该文件。</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <source>Show whitespace</source>
      <translation>显示空白字符</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Stop the corpus run (Esc)</source>
      <translation>停止语料运行 (Esc)</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <source>Text files (*.txt *.md *.py *.json *.csv);;All files (*)</source>
      <translation>文本文件 (*.txt *.md *.py *.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Type or paste the text to compare…</source>
      <translation>输入或粘贴要对比的文本…</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Use at most</source>
      <translation>最多使用</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>Vocabulary overlap</source>
      <translation>词表重叠</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <location filename="../../app/widgets/compare_column.py" />
      <source>loading…</source>
      <translation>加载中…</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <location filename="../../app/views/families_view.py" />
      <location filename="../../app/widgets/compare_column.py" />
      <source>unavailable</source>
      <translation>不可用</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>whole file</source>
      <translation>整个文件</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>{name} (cannot be read)</source>
      <translation>{name}（无法读取）</translation>
    </message>
    <message>
      <location filename="../../app/views/compare_view.py" />
      <source>{name} ({mb} MB)</source>
      <translation>{name}（{mb} MB）</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>; </source>
      <translation>；</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>&lt;b&gt;{family}&lt;/b&gt; loses {texts}{more}</source>
      <translation>&lt;b&gt;{family}&lt;/b&gt; 丢失了 {texts}{more}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;1 token</source>
      <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;1 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{n} tokens</source>
      <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{n} 个词元</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>BPE over UTF-8 bytes (GPT-2 pre-tokenizer), as this app trains it: every text is covered by the 256 byte tokens, and merges make the common pieces single tokens.</source>
      <translation>基于 UTF-8 字节的 BPE（GPT-2 预分词器），即本应用训练的方式：256 个字节词元能覆盖任何文本，合并则把常见片段变成单个词元。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>BPE over characters, SentencePiece style (Llama 2, Mistral 7B), trained here: ▁ for spaces, a ▁ before the text (the dummy prefix), and a character outside its alphabet as its UTF-8 bytes, &lt;0xNN&gt; tokens (byte fallback).</source>
      <translation>基于字符的 BPE，SentencePiece 风格（Llama 2、Mistral 7B），在这里训练：空格写作 ▁，文本开头加一个 ▁（虚拟前缀），字母表之外的字符写成它的 UTF-8 字节，即 &lt;0xNN&gt; 词元（字节回退）。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Built-in samples (English, Chinese, code)</source>
      <translation>内置示例文本（英文、中文、代码）</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Byte-level BPE</source>
      <translation>字节级 BPE</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Byte-level:</source>
      <translation>字节级：</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Cannot tokenize this text: {reason}</source>
      <translation>无法对这段文本分词：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Cannot train on this corpus: {reason}</source>
      <translation>无法在此语料上训练：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Char-level BPE</source>
      <translation>字符级 BPE</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Char-level BPE needs a vocabulary of at least {n} for this corpus (3 special tokens, 256 byte tokens and its {chars} distinct characters); the other families are trained.</source>
      <translation>对这份语料，字符级 BPE 的词表大小至少要 {n}（3 个特殊词元、256 个字节词元和语料中的 {chars} 个不同字符）；其他家族已训练完成。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Char-level BPE needs a vocabulary of at least {n} here.</source>
      <translation>这里字符级 BPE 的词表大小至少要 {n}。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Characters</source>
      <translation>字符</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Choose a UTF-8 text file to train on</source>
      <translation>选择用于训练的 UTF-8 文本文件</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Choose a text…</source>
      <translation>选择文本…</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Corpus:</source>
      <translation>语料：</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Decoding does not give the text back (highlighted above): {losses}.</source>
      <translation>解码不能还原文本（上方已高亮）：{losses}。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Every family's decode gives this text back exactly.</source>
      <translation>每个家族解码后都能完全还原这段文本。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Made by merge rank {rank}</source>
      <translation>由合并序号 {rank} 生成</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>One token per UTF-8 byte (256 tokens). Nothing is unknown, but a character outside ASCII takes 2 to 4 tokens that are not characters on their own.</source>
      <translation>每个 UTF-8 字节一个词元（共 256 个词元）。没有未知词，但 ASCII 以外的字符要占 2 到 4 个词元，而这些词元单独都不是字符。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>One token per Unicode code point; its id is the code point. The vocabulary is every code point (1,114,112 ids, about 150,000 of them assigned characters), so nothing is ever unknown and decoding always gives the text back.</source>
      <translation>每个 Unicode 码位一个词元，其 ID 就是码位。词表包含所有码位（1,114,112 个 ID，其中约 150,000 个已分配字符），所以永远不会有未知词，解码总能还原文本。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Part of ‘{char}’ (U+{code}, {n} bytes): not a character on its own</source>
      <translation>‘{char}’（U+{code}，{n} 个字节）的一部分：单独不构成字符</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Piece: {piece}</source>
      <translation>片段：{piece}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Shown: {name}</source>
      <translation>当前显示：{name}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Stop training (Esc)</source>
      <translation>停止训练 (Esc)</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Text:</source>
      <translation>文本：</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Text: ‘{text}’</source>
      <translation>文本：‘{text}’</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>The GPT-2 pre-tokenizer's pieces (a word keeps the space before it; a run of Chinese characters up to punctuation is one piece). The vocabulary is every piece of the training corpus plus &lt;UNK&gt;: an unseen piece becomes &lt;UNK&gt; and decoding loses it.</source>
      <translation>GPT-2 预分词器切出的片段（词带着它前面的空格；一串汉字直到标点为一个片段）。词表是训练语料中的所有片段再加上 &lt;UNK&gt;：没见过的片段会变成 &lt;UNK&gt;，解码时就丢失了。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>The byte-level row: trained here on the corpus, or a tokenizer of this session</source>
      <translation>字节级这一行：在这里用语料训练，或使用本次会话中的分词器</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>The corpus or vocabulary size changed: press Train (Ctrl+Return) to train again.</source>
      <translation>语料或词表大小已改变：按“训练”(Ctrl+Return) 重新训练。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Token {k} of {n}: id {id}</source>
      <translation>第 {k} 个词元（共 {n} 个）：ID {id}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Train</source>
      <translation>训练</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Train the families on a UTF-8 text file of your own</source>
      <translation>用你自己的 UTF-8 文本文件训练各家族</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Train the words and both BPE families on the corpus (Ctrl+Return)</source>
      <translation>在语料上训练词家族和两个 BPE 家族 (Ctrl+Return)</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Trained on {corpus} with vocabulary size {size} in {seconds} s.</source>
      <translation>已在 {corpus} 上训练，词表大小 {size}，用时 {seconds} 秒。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Training cancelled; the rows keep the families trained before (if any).</source>
      <translation>训练已取消；各行保留之前训练的家族（如果有）。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Training failed.</source>
      <translation>训练失败。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Training on {corpus}…</source>
      <translation>正在 {corpus} 上训练…</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Type or paste a text: every family tokenizes it as you type…</source>
      <translation>输入或粘贴文本：每个家族会随着你的输入对它分词…</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>UTF-8 bytes</source>
      <translation>UTF-8 字节</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Use {n} and train</source>
      <translation>使用 {n} 并训练</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Vocabulary size of both BPE families. Char-level BPE needs at least 259 + the corpus's distinct characters; the word family keeps every word of the corpus.</source>
      <translation>两个 BPE 家族的词表大小。字符级 BPE 至少需要 259 + 语料中不同字符的个数；词家族保留语料中的每个词。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Vocabulary:</source>
      <translation>词表：</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>What the words, char-level BPE and byte-level BPE families learn from</source>
      <translation>词家族、字符级 BPE 和字节级 BPE 家族从中学习的语料</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>Words + &lt;UNK&gt;</source>
      <translation>词 + &lt;UNK&gt;</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>and decoding writes &lt;UNK&gt; here: the word is lost.</source>
      <translation>解码时这里写出 &lt;UNK&gt;：这个词丢失了。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>not trained yet: press Train</source>
      <translation>尚未训练：请按“训练”</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>not trained: vocabulary too small</source>
      <translation>未训练：词表太小</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>trained here</source>
      <translation>在这里训练</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>training…</source>
      <translation>训练中…</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>{family} could not be trained: {reason}</source>
      <translation>{family} 无法训练：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>{family}: merge {k} of {n}</source>
      <translation>{family}：第 {k} 次合并（共 {n} 次）</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>{family}: reading the corpus, {done} of {total}</source>
      <translation>{family}：正在读取语料，{done} / {total}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>{key} cannot be loaded: {why}</source>
      <translation>{key} 无法加载：{why}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>{n} byte(s): {hex}</source>
      <translation>{n} 个字节：{hex}</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>{n} distinct words.</source>
      <translation>{n} 个不同的词。</translation>
    </message>
    <message>
      <location filename="../../app/views/families_view.py" />
      <source>‘{word}’ is not one of the corpus's {n} words: it becomes &lt;UNK&gt;,</source>
      <translation>‘{word}’ 不在语料的 {n} 个词中：它变成 &lt;UNK&gt;，</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>&lt;b&gt;{key} cannot be loaded.&lt;/b&gt;&lt;br&gt;{reason}&lt;br&gt;&lt;br&gt;{help}&lt;br&gt;&lt;br&gt;The other columns keep working.</source>
      <translation>&lt;b&gt;{key} 无法加载。&lt;/b&gt;&lt;br&gt;{reason}&lt;br&gt;&lt;br&gt;{help}&lt;br&gt;&lt;br&gt;其他列照常工作。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>&lt;b&gt;{tokens}&lt;/b&gt; tokens · {bytes} bytes/token · {chars} chars/token</source>
      <translation>&lt;b&gt;{tokens}&lt;/b&gt; 个词元 · {bytes} 字节/词元 · {chars} 字符/词元</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>Load the encoding from a local .tiktoken file (base64 token and rank per line)</source>
      <translation>从本地 .tiktoken 文件加载编码（每行一个 base64 词元及其合并序号）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>Loading &lt;b&gt;{key}&lt;/b&gt;… building its merge list takes a few seconds the first time.</source>
      <translation>正在加载 &lt;b&gt;{key}&lt;/b&gt;… 首次构建其合并列表需要几秒钟。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>Open .tiktoken file…</source>
      <translation>打开 .tiktoken 文件…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>Remove this column (at least two stay)</source>
      <translation>移除此列（至少保留两列）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/compare_column.py" />
      <source>Retry</source>
      <translation>重试</translation>
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
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>&lt;b&gt;{shared}&lt;/b&gt; tokens are in both (the same bytes): &lt;b&gt;{share_a}&lt;/b&gt; of A’s {size_a} and &lt;b&gt;{share_b}&lt;/b&gt; of B’s {size_b}. Only in A: {only_a} · only in B: {only_b}.</source>
      <translation>两者共有 &lt;b&gt;{shared}&lt;/b&gt; 个词元（字节相同）：占 A 的 {size_a} 个的 &lt;b&gt;{share_a}&lt;/b&gt;，占 B 的 {size_b} 个的 &lt;b&gt;{share_b}&lt;/b&gt;。仅 A 有：{only_a} · 仅 B 有：{only_b}。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>A:</source>
      <translation>A：</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>B:</source>
      <translation>B：</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Choose two tokenizers to see how many tokens they share.</source>
      <translation>选择两个分词器，查看它们共有多少词元。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Count special tokens</source>
      <translation>计入特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Filter by text…</source>
      <translation>按文本筛选…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Loading the tokenizers…</source>
      <translation>正在加载分词器…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Only in A</source>
      <translation>仅 A 有</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Only in A · in both · only in B, to scale</source>
      <translation>仅 A 有 · 两者共有 · 仅 B 有，按比例绘制</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Only in B</source>
      <translation>仅 B 有</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Special tokens are names (&lt;|endoftext|&gt;), not bytes of text; they are left out unless ticked</source>
      <translation>特殊词元是名字（如 &lt;|endoftext|&gt;），不是文本的字节；除非勾选，否则不计入</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Swap A and B</source>
      <translation>交换 A 和 B</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>The overlap cannot be computed: {reason}</source>
      <translation>无法计算词表重叠：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/overlap_panel.py" />
      <source>Tokens are the same when their bytes are (a SentencePiece ▁the is GPT-2's Ġthe). Each vocabulary counts its distinct token bytes.</source>
      <translation>字节相同的词元就是同一个词元（SentencePiece 的 ▁the 就是 GPT-2 的 Ġthe）。每个词表按不同的词元字节计数。</translation>
    </message>
  </context>
</TS>
