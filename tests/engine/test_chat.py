"""Chat templates (bpe_engine.chat): the rendered text against the formats the models document,
the ids of the rendered chat against the reference libraries, the template lookup, and the
sandbox's limits on hostile templates."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bpe_engine import (
    BuiltinFormat,
    ChatMessage,
    ChatRole,
    RenderLimits,
    TemplateOrigin,
    builtin_template,
    find_chat_template,
    load_tokenizer,
    render_chat,
    train_bpe,
)
from bpe_engine.errors import ChatTemplateError

from .formats_support import QWEN_PATTERN, QWEN_SPECIALS, qwen_reference, shared_tokenizer, tekken_reference

SYSTEM, USER, ASSISTANT = ChatRole.SYSTEM, ChatRole.USER, ChatRole.ASSISTANT
PROMPT = "Give me a short introduction to large language model."
CHAT = [
    ChatMessage(SYSTEM, "You are a helpful assistant."),
    ChatMessage(USER, PROMPT),
    ChatMessage(ASSISTANT, "A large language model predicts the next token."),
    ChatMessage(USER, "國語 Жизнь 🤚🏾 in one line?"),
]
MISTRAL_CHAT = [
    ChatMessage(USER, "What is your favourite condiment?"),
    ChatMessage(ASSISTANT, "Well, I'm quite partial to a good squeeze of fresh lemon juice."),
    ChatMessage(USER, "Do you have mayonnaise recipes?"),
]


# -- the built-in formats against the models' documented examples ---------------------------


def test_chatml_renders_qwens_documented_example() -> None:
    """Qwen2-7B-Instruct's model card: a system and a user message, generation prompt on."""
    chat = [ChatMessage(SYSTEM, "You are a helpful assistant."), ChatMessage(USER, PROMPT)]
    expected = (
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        f"<|im_start|>user\n{PROMPT}<|im_end|>\n"
        "<|im_start|>assistant\n"
    )
    assert render_chat(chat, builtin_template(BuiltinFormat.CHATML), add_generation_prompt=True) == expected
    # without a system message, Qwen's template puts its default one first
    assert render_chat(chat[1:], builtin_template(BuiltinFormat.CHATML), add_generation_prompt=True) == expected
    assert render_chat(chat, builtin_template(BuiltinFormat.CHATML)) == expected.removesuffix("<|im_start|>assistant\n")


def test_llama3_renders_metas_documented_prompt_format() -> None:
    """Meta's "Meta Llama 3" prompt format: the BOS, a header per message, <|eot_id|> after
    each, and the assistant's header left open for the answer."""
    chat = [ChatMessage(SYSTEM, "You are a helpful AI assistant"), ChatMessage(USER, "What is France's capital?")]
    expected = (
        "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n"
        "You are a helpful AI assistant<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n"
        "What is France's capital?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n"
    )
    assert render_chat(chat, builtin_template(BuiltinFormat.LLAMA3), add_generation_prompt=True) == expected
    # the template trims each message, as Meta's does
    padded = [ChatMessage(m.role, f"  {m.content}\n") for m in chat]
    assert render_chat(padded, builtin_template(BuiltinFormat.LLAMA3), add_generation_prompt=True) == expected


def test_mistral_renders_the_model_cards_instruction_format() -> None:
    """Mistral-7B-Instruct-v0.1's card: ``<s>[INST] ... [/INST]``, the answer, ``</s>``. (The
    card writes a space after ``</s>``; the template it ships does not, and the template is
    what ``apply_chat_template`` renders.)"""
    template = builtin_template(BuiltinFormat.MISTRAL)
    assert render_chat(MISTRAL_CHAT[:1], template) == "<s>[INST] What is your favourite condiment? [/INST]"
    assert render_chat(MISTRAL_CHAT, template) == (
        "<s>[INST] What is your favourite condiment? [/INST]"
        "Well, I'm quite partial to a good squeeze of fresh lemon juice.</s>"
        "[INST] Do you have mayonnaise recipes? [/INST]"
    )


def test_mistral_refuses_a_system_message_naming_the_template_and_line() -> None:
    with pytest.raises(
        ChatTemplateError, match=r"built-in Mistral \[INST\], line 1: Conversation roles must alternate"
    ):
        render_chat(CHAT, builtin_template(BuiltinFormat.MISTRAL))


def test_builtin_templates_are_the_packaged_data_files() -> None:
    folder = Path(__file__).resolve().parents[2] / "bpe_engine" / "chat" / "builtin"
    for fmt in BuiltinFormat:
        assert builtin_template(fmt).source == (folder / f"{fmt.value}.jinja").read_text(encoding="utf-8")


# -- finding a tokenizer's template ----------------------------------------------------------


def _tokenizer_file(folder: Path) -> Path:
    path = folder / "tokenizer.json"
    path.write_text("{}", encoding="utf-8")  # only its folder matters to the lookup
    return path


def test_a_config_template_wins_and_gets_the_configs_tokens(tmp_path: Path) -> None:
    config = {
        "chat_template": "{{ bos_token }}{% for m in messages %}<{{ m.role }}>{{ m.content }}{{ eos_token }}{% endfor %}"
    }
    config |= {"bos_token": {"content": "<B>"}, "eos_token": "<E>"}
    (tmp_path / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    found = find_chat_template(str(_tokenizer_file(tmp_path)), {"<|im_start|>": 5})
    assert found.template is not None and found.template.origin is TemplateOrigin.FILE
    assert found.reason == "from tokenizer_config.json"
    assert render_chat(CHAT[:2], found.template) == f"<B><system>You are a helpful assistant.<E><user>{PROMPT}<E>"


def test_chat_template_jinja_wins_over_the_config_and_lists_give_default(tmp_path: Path) -> None:
    listed = [{"name": "tool_use", "template": "T"}, {"name": "default", "template": "D"}]
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({"chat_template": listed}), encoding="utf-8")
    path = str(_tokenizer_file(tmp_path))
    assert render_chat([], find_chat_template(path, {}).template or "") == "D"
    (tmp_path / "chat_template.jinja").write_text("J{{ messages|length }}", encoding="utf-8")
    found = find_chat_template(path, {})
    assert found.template is not None and found.reason == "from chat_template.jinja"
    assert render_chat(CHAT, found.template) == "J4"


def test_without_a_template_the_family_is_guessed_from_special_tokens(tmp_path: Path) -> None:
    path = str(_tokenizer_file(tmp_path))
    cases = {
        "<|im_start|>": BuiltinFormat.CHATML,
        "<|start_header_id|>": BuiltinFormat.LLAMA3,
        "[INST]": BuiltinFormat.MISTRAL,
    }
    for token, fmt in cases.items():
        found = find_chat_template(path, {token: 1})
        assert found.template is not None and found.template.builtin is fmt and token in found.reason
    nothing = find_chat_template(path, {"<|endoftext|>": 1})
    assert nothing.template is None and "no chat template" in nothing.reason


def test_a_broken_config_gives_no_template_and_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "tokenizer_config.json").write_text("{not json", encoding="utf-8")
    found = find_chat_template(str(_tokenizer_file(tmp_path)), {"<|im_start|>": 1})
    assert found.template is None and "tokenizer_config.json" in found.reason


def test_a_trained_tokenizer_has_no_template_but_renders_a_chosen_format_as_plain_text() -> None:
    tok = train_bpe(None, 300, ["<|endoftext|>"], text="hello world, a chat " * 40)
    assert find_chat_template(None, tok.special_tokens).template is None
    text = render_chat(CHAT[:2], builtin_template(BuiltinFormat.CHATML))
    ids = tok.encode(text, allowed_special="all")
    assert tok.decode(ids) == text and not any(tok.is_special(i) for i in ids)


# -- the ids of the rendered chat against the reference libraries ----------------------------


def _special_count(ids: list[int], specials: set[int]) -> int:
    return sum(1 for i in ids if i in specials)


def test_qwen_chat_ids_and_special_tokens_match_tiktoken() -> None:
    path = shared_tokenizer("qwen.tiktoken")
    tok = load_tokenizer(path, pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
    found = find_chat_template(str(path), tok.special_tokens)
    assert found.template is not None and found.template.builtin is BuiltinFormat.CHATML
    text = render_chat(CHAT, found.template, add_generation_prompt=True)
    ref = qwen_reference().encode(text, allowed_special="all")
    ours = tok.encode(text, allowed_special="all")
    assert ours == ref
    specials = set(QWEN_SPECIALS.values())
    assert _special_count(ours, specials) == _special_count(ref, specials) == 2 * len(CHAT) + 1


def test_llama_chat_ids_and_special_tokens_match_tokenizers() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    path = shared_tokenizer("llama3.2_tokenizer.json")
    tok = load_tokenizer(path)
    found = find_chat_template(str(path), tok.special_tokens)
    assert found.template is not None and found.template.builtin is BuiltinFormat.LLAMA3
    assert found.template.bos_token == "<|begin_of_text|>"  # from llama3.2_tokenizer_config.json beside it
    text = render_chat(CHAT, found.template, add_generation_prompt=True)
    reference = tokenizers.Tokenizer.from_file(str(path))
    ref = reference.encode(text, add_special_tokens=False).ids
    ours = tok.encode(text, allowed_special="all")
    assert ours == ref
    specials = {i for i, t in reference.get_added_tokens_decoder().items() if t.special}
    assert _special_count(ours, specials) == _special_count(ref, specials) == 1 + 3 * len(CHAT) + 2


def test_mistral_sentencepiece_chat_ids_match_sentencepiece() -> None:
    """Mistral 7B v1: ``[INST]`` is plain text, ``<s>``/``</s>`` control pieces; the reference
    is sentencepiece's ids of the text between them (as Hugging Face's tokenizer splits it)."""
    spm = pytest.importorskip("sentencepiece")
    path = shared_tokenizer("mistral_sentencepiece_v1.model")
    tok = load_tokenizer(path)
    found = find_chat_template(str(path), tok.special_tokens)
    assert found.template is not None and found.template.builtin is BuiltinFormat.MISTRAL
    text = render_chat(MISTRAL_CHAT, found.template)
    sp = spm.SentencePieceProcessor(model_file=str(path))
    ref: list[int] = []
    for part in re.split(r"(<s>|</s>)", text):
        ref += [sp.piece_to_id(part)] if part in ("<s>", "</s>") else sp.encode(part) if part else []
    ours = tok.encode(text, allowed_special="all")
    assert ours == ref
    assert _special_count(ours, {sp.bos_id(), sp.eos_id()}) == 2


def test_mistral_tekken_chat_ids_match_tiktoken_as_mistral_common_builds_it() -> None:
    """Tekken (byte-level, ``[INST]`` a control token): the Tekken layout, ``[INST]`` without
    spaces and the system message before the first user message; the ids of the text between
    the control tokens are the reference Encoding's, shifted past mistral-common's 1,000
    special ids (``<s>`` 1, ``</s>`` 2, ``[INST]`` 3, ``[/INST]`` 4)."""
    path = shared_tokenizer("mistral_tekken_240718.json")
    tok = load_tokenizer(path)
    found = find_chat_template(str(path), tok.special_tokens, tok.facts.unit)
    assert found.template is not None and found.template.builtin is BuiltinFormat.MISTRAL_TEKKEN
    chat = [ChatMessage(SYSTEM, "Be brief."), *MISTRAL_CHAT]
    text = render_chat(chat, found.template)
    assert text == (
        "<s>[INST]Be brief.\n\nWhat is your favourite condiment?[/INST]"
        "Well, I'm quite partial to a good squeeze of fresh lemon juice.</s>"
        "[INST]Do you have mayonnaise recipes?[/INST]"
    )
    enc, offset = tekken_reference(path)
    control = {"<s>": 1, "</s>": 2, "[INST]": 3, "[/INST]": 4}
    ref: list[int] = []
    for part in re.split(r"(<s>|</s>|\[INST\]|\[/INST\])", text):
        ref += [control[part]] if part in control else [i + offset for i in enc.encode_ordinary(part)]
    assert tok.encode(text, allowed_special="all") == ref
    assert _special_count(ref, set(control.values())) == 6


# -- the sandbox ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "{{ ().__class__.__mro__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "{{ messages[0].content.__class__.__init__.__globals__ }}",
        "{% set l = [1] %}{{ l.append(2) }}",
        "{{ raise_exception.__globals__['json'] }}",
    ],
)
def test_the_sandbox_refuses_pythons_internals(source: str) -> None:
    with pytest.raises(ChatTemplateError, match=r"chat template \(given\), line 1: .*(unsafe|sandbox|undefined)"):
        render_chat(CHAT, source)


@pytest.mark.parametrize(
    "source",
    [
        "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
        "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
        "{% set ns = namespace(s='ab') %}{% for i in range(80) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
        "{% for i in range(100000) %}{% for j in range(100) %}{{ i }}{% endfor %}{% endfor %}",
        "{{ 'a' * 10**12 }}",
        "{{ 'a'|center(10**12) }}",
        "{{ 'a'.ljust(10**12) }}",
        "{{ range(100000)|join('x' * 100000) }}",
        "{{ '{:>999999999}'.format(1) }}",
    ],
)
def test_hostile_loops_and_blowups_stop_within_the_limits(source: str) -> None:
    limits = RenderLimits(seconds=0.5, max_chars=100_000)
    with pytest.raises(ChatTemplateError, match=r"chat template \(given\)"):
        render_chat(CHAT, source, limits=limits)


def test_errors_name_the_line_and_what_was_undefined() -> None:
    with pytest.raises(ChatTemplateError, match=r"line 3: 'nothing' is undefined"):
        render_chat(CHAT, "a\nb\n{{ nothing.here }}")
    with pytest.raises(ChatTemplateError, match=r"line 2: syntax error"):
        render_chat(CHAT, "ok\n{% if %}")


def test_transformers_environment_tojson_loopcontrols_and_generation() -> None:
    source = (
        "{% for m in messages %}{% if loop.index > 2 %}{% break %}{% endif %}"
        "{% generation %}{{ m|tojson }}{% endgeneration %}\n{% endfor %}"
    )
    # tojson keeps non-ASCII and <, as transformers' filter does; trim_blocks eats the newline after a block tag
    chat = [ChatMessage(USER, "<國語>"), ChatMessage(ASSISTANT, "x"), ChatMessage(USER, "never")]
    assert render_chat(chat, source) == '{"role": "user", "content": "<國語>"}{"role": "assistant", "content": "x"}'


def test_a_render_stops_when_cancelled_and_leaves_no_trace_function_behind() -> None:
    """The app's encode job passes ``cancelled`` (a newer keystroke waits): a long loop stops
    at once; and the guard's trace function is removed after every render, failed or not."""
    import sys

    loop = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}"
    before = sys.gettrace()
    with pytest.raises(ChatTemplateError, match="cancelled"):
        render_chat(CHAT, loop, cancelled=lambda: True)
    assert sys.gettrace() is before
    render_chat(CHAT, builtin_template(BuiltinFormat.CHATML))
    assert sys.gettrace() is before
