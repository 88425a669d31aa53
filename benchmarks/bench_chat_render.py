"""What the chat sandbox's limits cost: ``render_chat`` (time and size guards on) against the
bare ``ImmutableSandboxedEnvironment`` rendering the same template, on a long chat (200
messages of 2,000 characters), interleaved run by run; medians and their ratio.

    python benchmarks/bench_chat_render.py [--repeat 9] [--messages 200]
"""

from __future__ import annotations

import argparse
import statistics
import time

import _common  # noqa: F401 (puts the repository on sys.path)
from jinja2.sandbox import ImmutableSandboxedEnvironment

from bpe_engine import BuiltinFormat, ChatMessage, ChatRole, builtin_template, render_chat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--messages", type=int, default=200)
    args = parser.parse_args()
    roles = (ChatRole.USER, ChatRole.ASSISTANT)
    msgs = [ChatMessage(roles[i % 2], "word " * 400) for i in range(args.messages)]
    plain_chat = [{"role": str(m.role), "content": m.content} for m in msgs]
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    for fmt in (BuiltinFormat.CHATML, BuiltinFormat.LLAMA3):
        template = builtin_template(fmt)
        bare = env.from_string(template.source)
        ours, theirs = [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            text = render_chat(msgs, template, add_generation_prompt=True)
            ours.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            same = bare.render(messages=plain_chat, add_generation_prompt=True, bos_token=template.bos_token)
            theirs.append(time.perf_counter() - t0)
        assert text == same
        a, b = statistics.median(ours), statistics.median(theirs)
        print(
            f"{fmt.label}: {len(text):,} characters; render_chat {a * 1e3:.1f} ms, bare sandbox {b * 1e3:.1f} ms, ratio {a / b:.1f}"
        )


if __name__ == "__main__":
    main()
