"""Arms of separate `if` statements that test one flag (`correlated_branches`)."""

from __future__ import annotations

import ast

from torchplace.lint.correlated_branches import CorrelatedBranches, flag_of


def _nodes(source: str) -> tuple[ast.Module, dict[str, ast.stmt]]:
    """The tree and its simple statements by their text (`a = 1` -> that statement)."""
    tree = ast.parse(source)
    found = {
        ast.unparse(node): node
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.Expr)
    }
    return tree, found


def test_a_flag_is_a_name_or_a_dotted_attribute_perhaps_negated() -> None:
    def test(text: str) -> tuple[str, int] | None:
        return flag_of(ast.parse(text, mode="eval").body)

    assert test("args.load_fp16") == ("args.load_fp16", 0)
    assert test("not fp16") == ("fp16", 1)
    assert test("not not self.x") == ("self.x", 0)
    assert test("mode == 'a'") is None
    assert test("f()") is None


def test_opposite_arms_of_two_tests_of_one_flag_exclude_each_other() -> None:
    tree, node = _nodes(
        "if fp16:\n    a = 1\nelse:\n    b = 2\nx = 0\nif fp16:\n    c = 3\nelse:\n    d = 4\n"
    )
    branches = CorrelatedBranches(tree)
    assert branches.exclusive(node["a = 1"], node["d = 4"])
    assert branches.exclusive(node["b = 2"], node["c = 3"])
    assert not branches.exclusive(node["a = 1"], node["c = 3"])
    assert not branches.exclusive(node["a = 1"], node["x = 0"])


def test_a_flag_assigned_or_handed_to_a_call_between_the_tests_may_change() -> None:
    for between in ("fp16 = g()", "fp16, y = g()", "g(fp16)", "fp16.update()"):
        source = f"if fp16:\n    a = 1\n{between}\nif not fp16:\n    b = 2\n"
        tree, node = _nodes(source)
        assert not CorrelatedBranches(tree).exclusive(node["a = 1"], node["b = 2"]), between


def test_an_attribute_flag_changes_with_its_object_but_not_with_a_sibling() -> None:
    base = "if args.fp16:\n    a = 1\n{}\nif not args.fp16:\n    b = 2\n"
    for between, changed in (
        ("args = parse()", True),
        ("load(args)", True),
        ("args.fp16 = False", True),
        ("args.path = 'x'", False),
        ("load(args.path)", False),
    ):
        tree, node = _nodes(base.format(between))
        exclusive = CorrelatedBranches(tree).exclusive(node["a = 1"], node["b = 2"])
        assert exclusive is not changed, between
