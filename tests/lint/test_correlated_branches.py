"""Arms of separate `if` statements that test one flag (`correlated_branches`)."""

from __future__ import annotations

import ast

from torchplace.lint.correlated_branches import CorrelatedBranches, flag_of


def _nodes(source: str, parameters: str = "fp16, args") -> tuple[ast.AST, dict[str, ast.stmt]]:
    """A function of `parameters` whose body is `source`, and its simple statements by
    their text (`a = 1` -> that statement)."""
    body = "".join(f"    {line}\n" for line in source.splitlines())
    function = ast.parse(f"def f({parameters}):\n{body}").body[0]
    found = {
        ast.unparse(node): node
        for node in ast.walk(function)
        if isinstance(node, ast.Assign | ast.Expr)
    }
    return function, found


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


def test_a_flag_changed_after_the_tests_in_a_loop_around_them_may_differ() -> None:
    source = (
        "for step in range(3):\n    if fp16:\n        a = 1\n    if not fp16:\n        b = 2\n"
        "    fp16 = step > 0\n"
    )
    tree, node = _nodes(source)
    assert not CorrelatedBranches(tree).exclusive(node["a = 1"], node["b = 2"])


def test_an_object_reached_another_way_may_change() -> None:
    for between in ("alias = args", "vars(args)", "args.__dict__.update(cfg)"):
        source = f"{between}\nif args.fp16:\n    a = 1\nif not args.fp16:\n    b = 2\n"
        tree, node = _nodes(source)
        assert not CorrelatedBranches(tree).exclusive(node["a = 1"], node["b = 2"]), between


def test_a_module_level_name_is_no_flag() -> None:
    # Any call between the tests may set it through `global`.
    tree = ast.parse("if FP16:\n    a = 1\nsetup()\nif not FP16:\n    b = 2\n")
    first, second = tree.body[0], tree.body[2]
    assert isinstance(first, ast.If) and isinstance(second, ast.If)
    assert not CorrelatedBranches(tree).exclusive(first.body[0], second.body[0])


def test_a_change_after_both_tests_comes_too_late_to_matter() -> None:
    # SimpleClick's `init_experiment`: `cfg`, made by the function, is handed to a logger after
    # both tests.
    source = (
        "cfg = load()\nif cfg.d:\n    a = 1\nx = 0\nif cfg.d:\n    b = 2\nelse:\n"
        "    c = 3\nlog(cfg)\n"
    )
    tree, node = _nodes(source)
    assert CorrelatedBranches(tree).exclusive(node["a = 1"], node["c = 3"])
    looped = "for i in r:\n" + "".join(f"    {line}\n" for line in source.splitlines())
    tree, node = _nodes(looped)
    assert not CorrelatedBranches(tree).exclusive(node["a = 1"], node["c = 3"])


def test_an_object_handed_in_may_have_changed_since_the_last_call() -> None:
    # A method called twice: the first call's group, the second call's `else` arm.
    for owner in ("args", "self"):
        source = (
            f"if {owner}.d:\n    a = 1\nif {owner}.d:\n    b = 2\nelse:\n    c = 3\n"
            f"{owner}.d = False\n"
        )
        tree, node = _nodes(source, parameters="self, args")
        assert not CorrelatedBranches(tree).exclusive(node["a = 1"], node["c = 3"]), owner
