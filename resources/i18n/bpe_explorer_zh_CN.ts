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
      <location filename="../../app/views/timeline_view.py" />
      <source>Tokenizer:</source>
      <translation>分词器：</translation>
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
      <source>Speed:</source>
      <translation>速度：</translation>
    </message>
    <message>
      <location filename="../../app/views/timeline_view.py" />
      <source>Text:</source>
      <translation>文本：</translation>
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
