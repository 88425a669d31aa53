<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>bpe_explorer</name>
    <message>
      <location filename="../../app/controllers/exporting.py" />
      <source>{path}: cannot save ({reason}); choose another folder</source>
      <translation>{path}：无法保存（{reason}）；请选择其他文件夹</translation>
    </message>
    <message>
      <location filename="../../app/controllers/exporting.py" />
      <source>{path}: the export failed ({kind}: {detail})</source>
      <translation>{path}：导出失败（{kind}: {detail}）</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>Hugging Face cache: {name} of revision {revision} ({size} bytes)</source>
      <translation>Hugging Face 缓存：修订版本 {revision} 的 {name}（{size} 字节）</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>a tokenizer needs a name: type at least one character</source>
      <translation>分词器需要一个名称：请至少输入一个字符</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>cannot load {key}: {reason}</source>
      <translation>无法加载 {key}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>opened {time}</source>
      <translation>{time} 打开</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>trained {time}</source>
      <translation>{time} 训练</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>{key} is a model of the Hugging Face cache and stays listed</source>
      <translation>{key} 是 Hugging Face 缓存中的模型，会一直列出</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>{key} is a model of the Hugging Face cache; its name cannot change</source>
      <translation>{key} 是 Hugging Face 缓存中的模型，名称不能更改</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>{key} is one of OpenAI's encodings and cannot be removed</source>
      <translation>{key} 是 OpenAI 的编码之一，不能移除</translation>
    </message>
    <message>
      <location filename="../../app/controllers/registry.py" />
      <source>{key} is one of OpenAI's encodings; its name cannot change</source>
      <translation>{key} 是 OpenAI 的编码之一，名称不能更改</translation>
    </message>
    <message>
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>Cannot open {path}: {reason}</source>
      <translation>无法打开 {path}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>Cannot open {path}: {reason}; check the path and permissions.</source>
      <translation>无法打开 {path}：{reason}；请检查路径和权限。</translation>
    </message>
    <message>
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>Cannot save the tokenizer to {path}: {reason}. Choose another folder or name.</source>
      <translation>无法把分词器保存到 {path}：{reason}。请选择其他文件夹或名称。</translation>
    </message>
    <message>
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>unexpected error ({kind}: {detail})</source>
      <translation>意外错误（{kind}: {detail}）</translation>
    </message>
    <message>
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>{name} (from {file})</source>
      <translation>{name}（来自 {file}）</translation>
    </message>
    <message>
      <location filename="../../app/controllers/tokenizer_files.py" />
      <source>{path}: cannot be loaded ({reason})</source>
      <translation>{path}：无法加载（{reason}）</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;About BPE Explorer</source>
      <translation>关于 BPE Explorer(&amp;A)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Export tokenizer…</source>
      <translation>导出分词器(&amp;E)…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Guide and shortcuts</source>
      <translation>指南和快捷键(&amp;G)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Language</source>
      <translation>语言(&amp;L)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Open tokenizer…</source>
      <translation>打开分词器(&amp;O)…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Save tokenizer…</source>
      <translation>保存分词器(&amp;S)…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Tokenizers…</source>
      <translation>分词器列表(&amp;T)…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;Training</source>
      <translation>训练(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>&lt;b&gt;BPE Explorer {version}&lt;/b&gt;&lt;p&gt;Train byte-level BPE and watch every merge, tokenize text, compare with OpenAI's encodings, and see why bytes are the atoms.&lt;/p&gt;&lt;p&gt;Press F1 for the guide and the shortcuts.&lt;/p&gt;</source>
      <translation>&lt;b&gt;BPE Explorer {version}&lt;/b&gt;&lt;p&gt;训练字节级 BPE 并观察每一次合并，对文本分词，与 OpenAI 的编码对比，看清为什么字节是最小的单位。&lt;/p&gt;&lt;p&gt;按 F1 查看指南和快捷键。&lt;/p&gt;</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
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
&lt;p&gt;&lt;b&gt;Families&lt;/b&gt; cuts one text five ways: characters, UTF-8 bytes, words with &amp;lt;UNK&amp;gt;,
character-level BPE with byte fallback and byte-level BPE, with their token counts, vocabulary
sizes, unknowns and whether decoding gives the text back.&lt;/p&gt;
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
&lt;p&gt;&lt;b&gt;分词家族&lt;/b&gt;用五种方式切分同一段文本：字符、UTF-8 字节、带 &amp;lt;UNK&amp;gt; 的词、带字节回退的字符级 BPE 和字节级 BPE，并给出它们的词元数、词表大小、未知词数，以及解码能否还原原文。&lt;/p&gt;
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
      <location filename="../../app/main_window.py" />
      <source>A tokenizer file is being read or written; try again when it is done.</source>
      <translation>正在读取或写入一个分词器文件；完成后请再试一次。</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>A training is paused</source>
      <translation>训练已暂停</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>About BPE Explorer</source>
      <translation>关于 BPE Explorer</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>BPE Explorer guide</source>
      <translation>BPE Explorer 指南</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <location filename="../../app/widgets/open_files.py" />
      <source>BPE Explorer tokenizer (*.json)</source>
      <translation>BPE Explorer 分词器 (*.json)</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Browse every token and how it was built</source>
      <translation>浏览每个词元以及它是如何构成的</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Bytes per token against vocabulary size, from one training, on held-out texts and OpenAI's encodings</source>
      <translation>每词元字节数随词表大小的变化：来自一次训练，在留出文本上，并与 OpenAI 的编码对照</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Choose a checkpoint file, save the training there, then quit</source>
      <translation>选择一个检查点文件，把训练保存到那里，然后退出</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Compare</source>
      <translation>对比</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Could not open {name}</source>
      <translation>无法打开 {name}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Could not open {path}</source>
      <translation>无法打开 {path}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Could not save {name}</source>
      <translation>无法保存 {name}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Every tokenizer of this session: rename, remove or save</source>
      <translation>本次会话的所有分词器：重命名、移除或保存</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Exported {files}</source>
      <translation>已导出 {files}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Families</source>
      <translation>分词家族</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Feed tokens one at a time and watch the byte queue</source>
      <translation>逐个送入词元，观察字节队列</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Not opened: no pattern chosen</source>
      <translation>未打开：没有选择模式</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>One text cut by five tokenizer families: characters, bytes, words, BPE</source>
      <translation>用五种分词家族切分同一段文本：字符、字节、词、BPE</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Open a tokenizer file of any format: ours, Hugging Face tokenizer.json, SentencePiece .model, tiktoken rank file, GPT-2 vocab.json + merges.txt, Tekken (or drop it on the window)</source>
      <translation>打开任意格式的分词器文件：本程序的格式、Hugging Face tokenizer.json、SentencePiece .model、tiktoken 序号文件、GPT-2 vocab.json + merges.txt、Tekken（也可以拖放到窗口上）</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Open tokenizer</source>
      <translation>打开分词器</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Opened {path}</source>
      <translation>已打开 {path}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Opening {path}…</source>
      <translation>正在打开 {path}…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Quit</source>
      <translation>退出</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Quit while training?</source>
      <translation>训练中要退出吗？</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Ready</source>
      <translation>就绪</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Save &amp;&amp; quit…</source>
      <translation>保存并退出…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Save the tokenizer of the current view (its name is in the dialog's title)</source>
      <translation>保存当前视图的分词器（名称显示在对话框标题中）</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Save the training, then quit</source>
      <translation>保存训练，然后退出</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Save tokenizer “{name}”</source>
      <translation>保存分词器“{name}”</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Saved the training to {path}</source>
      <translation>已把训练保存到 {path}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Saved {path}</source>
      <translation>已保存 {path}</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Saving the training before quitting…</source>
      <translation>正在保存训练，然后退出…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Saving the training to {path}, then quitting…</source>
      <translation>正在把训练保存到 {path}，然后退出…</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Slide through a training's merges: a text tokenized as of merge k, or play it</source>
      <translation>逐次浏览一次训练的合并：截至第 k 次合并的文本分词，或自动播放</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Stopped opening: nothing was changed</source>
      <translation>已停止打开：没有任何更改</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Stream decode</source>
      <translation>流式解码</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Sweep</source>
      <translation>扫描</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>The same text with 2–5 tokenizers side by side, and on a whole file</source>
      <translation>同一段文本用 2–5 个分词器并排比较，也可以在整个文件上比较</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>This view shows no tokenizer to export</source>
      <translation>此视图没有可导出的分词器</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>This view shows no tokenizer to save</source>
      <translation>此视图没有可保存的分词器</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Timeline</source>
      <translation>时间线</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Tokenize</source>
      <translation>分词</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Train</source>
      <translation>训练</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Train a tokenizer and watch every merge</source>
      <translation>训练一个分词器，观察每一次合并</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Training is running</source>
      <translation>训练正在进行</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Type text and see its tokens, ids and merges live</source>
      <translation>输入文本，实时查看它的词元、id 和合并</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Vocabulary</source>
      <translation>词表</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>Write the current view's tokenizer as a Hugging Face tokenizer.json, a tiktoken file, GPT-2 files or ours</source>
      <translation>把当前视图的分词器写成 Hugging Face tokenizer.json、tiktoken 文件、GPT-2 文件或本程序的格式</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>still counting</source>
      <translation>仍在计数</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>{done} of {total} merges</source>
      <translation>已完成 {done} / {total} 次合并</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>{language} is not available: its translation file {path} is missing. The texts stay in English.</source>
      <translation>{language} 不可用：缺少翻译文件 {path}。界面文字保持英文。</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>{name} cannot be saved in our format</source>
      <translation>{name} 无法保存为本程序的格式</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>{name} is a SentencePiece tokenizer: BPE Explorer's format (and File &gt; Export…) holds byte-level tokenizers only. Its own .model or tokenizer.json file stays the way to keep it.</source>
      <translation>{name} 是 SentencePiece 分词器：BPE Explorer 的格式（以及“文件 &gt; 导出…”）只能保存字节级分词器。请继续用它自己的 .model 或 tokenizer.json 文件保存它。</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>{name} needs a pre-tokenizer pattern</source>
      <translation>{name} 需要一个预分词器模式</translation>
    </message>
    <message>
      <location filename="../../app/main_window.py" />
      <source>{what} ({done}). Save it as a checkpoint to go on with it later (File &gt; Resume training…), or quit and lose it?</source>
      <translation>{what}（{done}）。要把它保存为检查点以便以后继续（文件 &gt; 继续训练…），还是退出并放弃它？</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>&amp;Actual size</source>
      <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>&amp;Presentation mode</source>
      <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>BPE Explorer: {view}</source>
      <translation>BPE Explorer：{view}</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Could not export to {path}</source>
      <translation>无法导出到 {path}</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Export the tokens of the {view} view as HTML</source>
      <translation>把“{view}”视图的词元导出为 HTML</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Export the {view} view as PNG</source>
      <translation>把“{view}”视图导出为 PNG</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Export the {view} view as SVG</source>
      <translation>把“{view}”视图导出为 SVG</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Export tokens as &amp;HTML…</source>
      <translation>把词元导出为 &amp;HTML…</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Export view as &amp;PNG…</source>
      <translation>把视图导出为 &amp;PNG…</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Export view as &amp;SVG…</source>
      <translation>把视图导出为 &amp;SVG…</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Exported {path}</source>
      <translation>已导出 {path}</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Full screen, large fonts, high-contrast chips, secondary panels hidden (F11 again to leave)</source>
      <translation>全屏、大字号、高对比度色块，隐藏次要面板（再按 F11 退出）</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Larger text and chips in every view</source>
      <translation>所有视图中的文字和色块变大</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>PNG picture (*.png)</source>
      <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>SVG drawing (*.svg)</source>
      <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Save the current view as a picture (twice the pixels when presenting)</source>
      <translation>把当前视图保存为图片（演示模式下像素加倍）</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Save the current view as an SVG drawing (text and shapes stay sharp)</source>
      <translation>把当前视图保存为 SVG 矢量图（文字和图形保持清晰）</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Save the tokens this view shows as a standalone web page: colored chips, ids on hover</source>
      <translation>把此视图显示的词元保存为独立网页：彩色色块，悬停显示 id</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Smaller text and chips in every view</source>
      <translation>所有视图中的文字和色块变小</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Text and chips at their normal size</source>
      <translation>文字和色块恢复正常大小</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>The {view} view shows no tokens to export yet.</source>
      <translation>“{view}”视图还没有可导出的词元。</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>This view shows no tokens to export.</source>
      <translation>此视图没有可导出的词元。</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Web page (*.html)</source>
      <translation>网页 (*.html)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Zoom &amp;in</source>
      <translation>放大(&amp;I)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Zoom &amp;out</source>
      <translation>缩小(&amp;O)</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>Zoom {percent} %</source>
      <translation>缩放 {percent} %</translation>
    </message>
    <message>
      <location filename="../../app/presentation.py" />
      <source>{tip} ({shortcut})</source>
      <translation>{tip}（{shortcut}）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export.py" />
      <source>Exported from BPE Explorer</source>
      <translation>由 BPE Explorer 导出</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export.py" />
      <source>cannot write {path}: {reason}</source>
      <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export.py" />
      <source>the SVG could not be started</source>
      <translation>无法开始生成 SVG</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export.py" />
      <source>the picture could not be encoded as PNG: {reason}</source>
      <translation>图片无法编码为 PNG：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source> (replaces the file there)</source>
      <translation>（替换该位置的文件）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>&lt;b&gt;{label}&lt;/b&gt; is a SentencePiece tokenizer (character-level BPE with byte fallback). Export writes byte-level tokenizers only (ours, Hugging Face's ByteLevel tokenizer.json, tiktoken, GPT-2), and none of these formats can express SentencePiece's normalizer, its ▁ spaces and byte fallback. Keep using its own file (.model or tokenizer.json).</source>
      <translation>&lt;b&gt;{label}&lt;/b&gt; 是 SentencePiece 分词器（带字节回退的字符级 BPE）。导出只能写字节级分词器（本程序的格式、Hugging Face 的 ByteLevel tokenizer.json、tiktoken、GPT-2），而这些格式都无法表达 SentencePiece 的规范化器、它的 ▁ 空格和字节回退。请继续使用它自己的文件（.model 或 tokenizer.json）。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <location filename="../../app/widgets/open_files.py" />
      <source>All files (*)</source>
      <translation>所有文件 (*)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>BPE Explorer JSON: everything, merge counts included; opens here again</source>
      <translation>BPE Explorer JSON：包含全部信息（含合并计数）；可在本程序中再次打开</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Choose…</source>
      <translation>选择…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Copy the Python</source>
      <translation>复制 Python 代码</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Export</source>
      <translation>导出</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Export to</source>
      <translation>导出到</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Export “{label}”</source>
      <translation>导出“{label}”</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Exported: {files}</source>
      <translation>已导出：{files}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>GPT-2 vocab.json + merges.txt: tokenizers with GPT-2's pre-tokenizer only</source>
      <translation>GPT-2 vocab.json + merges.txt：仅适用于使用 GPT-2 预分词器的分词器</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Hugging Face tokenizer.json: for the tokenizers library and transformers</source>
      <translation>Hugging Face tokenizer.json：供 tokenizers 库和 transformers 使用</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Not exported: {reason}</source>
      <translation>未导出：{reason}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Save to:</source>
      <translation>保存到：</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>The folder {folder} does not exist.</source>
      <translation>文件夹 {folder} 不存在。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Write &lt;b&gt;{label}&lt;/b&gt; ({tokens} tokens) for another program. Each format must give the same ids as here; one that cannot (a pre-tokenizer or merge rule it has no way to say) is refused with the reason. Files are written whole or not at all.</source>
      <translation>把 &lt;b&gt;{label}&lt;/b&gt;（{tokens} 个词元）写成其他程序可用的格式。每种格式都必须给出与这里相同的 id；做不到的格式（无法表达某个预分词器或合并规则）会被拒绝并说明原因。文件要么完整写入，要么完全不写。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>Writes: {files}</source>
      <translation>将写入：{files}</translation>
    </message>
    <message>
      <location filename="../../app/widgets/export_dialog.py" />
      <source>tiktoken rank file + JSON sidecar: for tiktoken.Encoding (the Python is shown)</source>
      <translation>tiktoken 序号文件 + JSON 附属文件：供 tiktoken.Encoding 使用（会显示 Python 代码）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/message_bar.py" />
      <source>Dismiss this message</source>
      <translation>关闭此消息</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>All tokenizer files (*.json *.model *.tiktoken *.txt)</source>
      <translation>所有分词器文件 (*.json *.model *.tiktoken *.txt)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>GPT-2 vocab.json + merges.txt (vocab.json merges.txt *.json *.txt)</source>
      <translation>GPT-2 vocab.json + merges.txt (vocab.json merges.txt *.json *.txt)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Hugging Face tokenizer.json (tokenizer.json *.json)</source>
      <translation>Hugging Face tokenizer.json (tokenizer.json *.json)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Mistral Tekken (tekken*.json *.json)</source>
      <translation>Mistral Tekken (tekken*.json *.json)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/open_files.py" />
      <source>Opening {name}…</source>
      <translation>正在打开 {name}…</translation>
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
      <source>tiktoken rank file (*.tiktoken *.model)</source>
      <translation>tiktoken 序号文件 (*.tiktoken *.model)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>&amp;Custom regex</source>
      <translation>自定义正则表达式(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>&amp;Special tokens</source>
      <translation>特殊词元(&amp;S)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>&lt;b&gt;{name}&lt;/b&gt; is a tiktoken rank file: it lists tokens and their ranks, but not the regex that cuts text into pieces before merging, nor the special tokens. Choose the pattern of the model it comes from (the ids depend on it), or write your own.</source>
      <translation>&lt;b&gt;{name}&lt;/b&gt; 是 tiktoken 序号文件：它列出了词元及其序号，但没有在合并之前把文本切成片段的正则表达式，也没有特殊词元。请选择它所属模型的模式（id 取决于它），或者自己编写一个。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Custom regex…</source>
      <translation>自定义正则表达式…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Each chip is one piece; · is a space; special tokens are dark</source>
      <translation>每个色块是一个片段；· 表示空格；特殊词元为深色</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Each match is a piece; text between matches becomes pieces of its own, so nothing is lost.</source>
      <translation>每个匹配是一个片段；匹配之间的文本也各自成为片段，因此不会丢失任何内容。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Fill in the special tokens the chosen model family uses, with their ids</source>
      <translation>填入所选模型系列使用的特殊词元及其 id</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Found beside the file ({where}): {count} special tokens, e.g. {examples}.</source>
      <translation>在文件旁找到（{where}）：{count} 个特殊词元，例如 {examples}。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>No special tokens were found beside the file.</source>
      <translation>文件旁没有找到特殊词元。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Pre-tokenizer for {name}</source>
      <translation>{name} 的预分词器</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Sa&amp;mple</source>
      <translation>示例(&amp;M)</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Special tokens, separated by spaces: NAME=ID pairs such as &lt;|endoftext|&gt;=100257, or names only (they get the ids after the last rank). Empty: those found beside the file, or none.</source>
      <translation>特殊词元，用空格分隔：NAME=ID 对，例如 &lt;|endoftext|&gt;=100257，或者只写名称（它们会获得最后一个序号之后的 id）。留空：使用文件旁找到的特殊词元，没有则不用。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Type any line to see how the chosen pattern cuts it</source>
      <translation>输入任意一行，看所选模式如何切分它</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Use this model's special tokens</source>
      <translation>使用该模型的特殊词元</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>Write a regex, or choose a known pattern above.</source>
      <translation>请编写一个正则表达式，或在上方选择一个已知模式。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>a regex of the Python regex module, e.g. \S+|\s+</source>
      <translation>Python regex 模块的正则表达式，例如 \S+|\s+</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>give every special token an id (NAME=ID) or none of them</source>
      <translation>要么给每个特殊词元都指定 id（NAME=ID），要么都不指定</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>keep the {count} found in {where}; type NAME=ID pairs to replace them</source>
      <translation>保留在 {where} 中找到的 {count} 个；输入 NAME=ID 对可替换它们</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>none (NAME=ID pairs, or names)</source>
      <translation>无（NAME=ID 对，或名称）</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>the files beside it</source>
      <translation>它旁边的文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/pattern_dialog.py" />
      <source>{part}: write NAME=ID with a whole number, e.g. &lt;|endoftext|&gt;=100257</source>
      <translation>{part}：请写成 NAME=ID，ID 为整数，例如 &lt;|endoftext|&gt;=100257</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>.tiktoken file</source>
      <translation>.tiktoken 文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Added</source>
      <translation>添加时间</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Kind</source>
      <translation>类型</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>New name:</source>
      <translation>新名称：</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>No tokenizer trained or opened yet: train one in the Train tab, or open a file (Ctrl+O).</source>
      <translation>还没有训练或打开任何分词器：请在“训练”标签页训练一个，或打开一个文件（Ctrl+O）。</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Remove</source>
      <translation>移除</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Rename tokenizer</source>
      <translation>重命名分词器</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Rename…</source>
      <translation>重命名…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Save…</source>
      <translation>保存…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>Tokenizers of this session</source>
      <translation>本次会话的分词器</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>opened</source>
      <translation>已打开</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_list.py" />
      <source>trained</source>
      <translation>已训练</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>&lt;b&gt;{name} cannot be loaded.&lt;/b&gt; {reason}</source>
      <translation>&lt;b&gt;无法加载 {name}。&lt;/b&gt;{reason}</translation>
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
      <source>Open .tiktoken file…</source>
      <translation>打开 .tiktoken 文件…</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Open a local {name} .tiktoken file</source>
      <translation>打开本地的 {name} .tiktoken 文件</translation>
    </message>
    <message>
      <location filename="../../app/widgets/tokenizer_picker.py" />
      <source>Retry</source>
      <translation>重试</translation>
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
  </context>
</TS>
