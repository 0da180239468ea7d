"""TPL205's message says why the two holders can sit on two GPUs, not only that they meet."""

from __future__ import annotations

from pathlib import Path

from torchplace.lint import LintConfig, lint_source

FIXTURES = Path(__file__).parent / "fixtures"


def _messages(name: str) -> dict[int, str]:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    findings = lint_source(text, name, LintConfig(select=("TPL205",)))
    return {f.line: f.message for f in findings}


def _line_of(name: str, fragment: str) -> int:
    lines = (FIXTURES / name).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if fragment in line)


def test_either_side_of_the_blocks_names_the_list_and_the_registrations() -> None:
    message = _messages("TPL205.py")[_line_of("TPL205.py", "self.text_out(hidden_states) + temb")]
    assert "`self.text_out` is registered after `self.h`" in message
    assert "`self.time_a` is registered before `self.h`" in message


def test_a_parameter_of_the_model_is_said_to_be_placed_first() -> None:
    line = _line_of("TPL205.py", "text.size(0), 1, 1), text])  # expect")
    assert (
        "`self.register_tokens` is a parameter of the model itself (placed first)"
        in (_messages("TPL205.py")[line])
    )


def test_a_tied_decoder_table_is_said_to_sit_at_the_front() -> None:
    line = _line_of("TPL205.py", "self.embed_positions(position_ids)  # expect")
    message = _messages("TPL205.py")[line]
    assert "`self.embed_tokens` is tied to a table at the front of the model" in message
    assert "`self.embed_positions` stays with this decoder" in message


def test_the_block_chain_output_is_said_to_leave_the_last_block() -> None:
    name = "TPL205_block_chain.py"
    message = _messages(name)[_line_of(name, "hidden_states * (1 + scale) + shift")]
    assert "the output of the blocks in `self.blocks`" in message
    assert "the last GPU the map fills" in message
