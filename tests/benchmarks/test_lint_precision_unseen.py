"""`benchmarks/lint_precision/unseen.py`: each default-tier finding needs a verdict."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import pytest

from torchplace.lint.registry import all_rules

SCRIPTS = Path(__file__).resolve().parents[2] / "benchmarks" / "lint_precision"


@pytest.fixture()
def unseen(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(SCRIPTS))
    for name in ("unseen", "precision", "corpus"):
        sys.modules.pop(name, None)
    import unseen as module

    return module


# Two rules of the default tier, whichever they are now (the tier follows the measurements).
A, B = sorted(r.code for r in all_rules() if r.default_enabled and not r.preview)[:2]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_counts_only_default_tier_findings_and_reads_a_judges_rule_key(unseen, tmp_path):  # type: ignore[no-untyped-def]
    findings = _write(
        tmp_path / "f.jsonl",
        [
            {"code": A, "path": "pkg-1/a.py", "line": 3},
            {"code": B, "path": "pkg-1/b.py", "line": 9},
            {"code": "TPL105", "path": "pkg-1/c.py", "line": 1},  # preview: not counted
        ],
    )
    judged = _write(
        tmp_path / "j.jsonl",
        [
            {"rule": A, "path": "pkg-1/a.py", "line": 3, "verdict": "TRUE"},
            {"code": B, "path": "pkg-1/b.py", "line": 9, "verdict": "UNSURE"},
        ],
    )
    result = unseen.measure(findings, judged)
    assert (result["findings"], result["judged"], result["true"]) == (2, 2, 1)
    assert result["strict_precision"] == 50.0 and result["decided_precision"] == 100.0
    assert result["unjudged"] == []


def test_refuses_a_figure_while_a_finding_has_no_verdict(unseen, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    findings = _write(tmp_path / "f.jsonl", [{"code": A, "path": "p/a.py", "line": 3}])
    judged = _write(tmp_path / "j.jsonl", [])
    argv = ["unseen.py", "--corpus", "fresh", str(findings), str(judged), "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    assert unseen.main() == 1
    assert f"no verdict for {A} p/a.py:3" in capsys.readouterr().out
    assert not (tmp_path / "lint_precision_unseen.md").exists()


def test_a_line_that_is_not_json_is_a_clear_error(unseen, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    broken = tmp_path / "f.jsonl"
    broken.write_text('{"code": "TPL000"\n', encoding="utf-8")
    argv = ["unseen.py", "--corpus", "fresh", str(broken), str(broken), "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stopped:
        unseen.main()
    assert stopped.value.code == 2
    assert "fresh: unreadable findings or verdicts" in capsys.readouterr().err


def test_a_carried_set_keeps_an_earlier_run_s_figures_and_names_its_commit(  # type: ignore[no-untyped-def]
    unseen, tmp_path, monkeypatch
):
    findings = _write(tmp_path / "f.jsonl", [{"code": A, "path": "p/a.py", "line": 3}])
    judged = _write(
        tmp_path / "j.jsonl", [{"code": A, "path": "p/a.py", "line": 3, "verdict": "TRUE"}]
    )
    earlier = tmp_path / "earlier"
    argv = ["unseen.py", "--corpus", "fresh-2", str(findings), str(judged), "--out", str(earlier)]
    monkeypatch.setattr(sys, "argv", argv)
    assert unseen.main() == 0
    monkeypatch.setattr(unseen, "_commit", lambda: "abc1234")
    empty = _write(tmp_path / "e.jsonl", [])
    carried = f"fresh-2={earlier / 'lint_precision_unseen.json'}"
    argv = ["unseen.py", "--corpus", "fresh", str(empty), str(empty), "--carried", carried]
    monkeypatch.setattr(sys, "argv", [*argv, "--out", str(tmp_path)])
    assert unseen.main() == 0
    written = json.loads((tmp_path / "lint_precision_unseen.json").read_text(encoding="utf-8"))
    assert list(written["corpora"]) == ["fresh", "fresh-2"]  # in the sets' order
    kept = written["corpora"]["fresh-2"]
    assert (kept["judged"], kept["true"]) == (1, 1)
    assert kept["carried_from"] not in ("", "abc1234")
    text = (tmp_path / "lint_precision_unseen.md").read_text(encoding="utf-8")
    assert f"as linted at {kept['carried_from']} (not relinted at this commit" in text


def test_a_carried_set_absent_from_the_earlier_run_is_a_clear_error(  # type: ignore[no-untyped-def]
    unseen, tmp_path, monkeypatch, capsys
):
    empty = _write(tmp_path / "e.jsonl", [])
    earlier = tmp_path / "earlier.json"
    earlier.write_text(json.dumps({"commit": "x", "corpora": {}, "judged": {}}), encoding="utf-8")
    argv = ["unseen.py", "--corpus", "fresh", str(empty), str(empty)]
    argv += ["--carried", f"fresh-3={earlier}", "--out", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as stopped:
        unseen.main()
    assert stopped.value.code == 2
    assert "no figures of fresh-3 there" in capsys.readouterr().err


def _normalized(name: str) -> str:
    return name.lower().replace("_", "-")


def test_the_package_sets_share_no_package(unseen):  # type: ignore[no-untyped-def]
    corpus = sys.modules["corpus"]
    sets = {"main": corpus.PACKAGES, **unseen.PACKAGE_SETS}
    owners: dict[str, list[str]] = {}
    for set_name, packages in sets.items():
        for name, _version in packages:
            owners.setdefault(_normalized(name), []).append(set_name)
    assert {name: where for name, where in owners.items() if len(where) > 1} == {}
    assert unseen.PACKAGE_SETS["fresh-2"] is corpus.FRESH_2 and len(corpus.FRESH_2) >= 15
    assert unseen.PACKAGE_SETS["fresh-3"] is corpus.FRESH_3 and 20 <= len(corpus.FRESH_3) <= 25
    assert unseen.PACKAGE_SETS["fresh-4"] is corpus.FRESH_4 and 25 <= len(corpus.FRESH_4) <= 30
    assert unseen.PACKAGE_SETS["fresh-5"] is corpus.FRESH_5 and 25 <= len(corpus.FRESH_5) <= 30
    assert unseen.PACKAGE_SETS["fresh-6"] is corpus.FRESH_6 and 25 <= len(corpus.FRESH_6) <= 30


def _recall_projects() -> set[str]:
    cases = SCRIPTS.parent / "lint_recall" / "cases"
    found = re.findall(r'^project = "([^"]+)"', _cases_text(cases), flags=re.MULTILINE)
    return {_normalized(name.rsplit("/", 1)[-1]) for name in found}


def _cases_text(cases: Path) -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(cases.glob("*/case.toml")))


#: The unseen sets of packages of the index (fresh-2 also holds judged samples' names).
PACKAGE_UNSEEN_SETS = [
    "fresh-3",
    "fresh-4",
    "fresh-5",
    "fresh-6",
    "fresh-94",
    "fresh-95",
    "fresh-96",
    "fresh-97",
    "fresh-98",
    "fresh-99",
    "fresh-100",
    "fresh-101",
    "fresh-102",
    "fresh-103",
    "fresh-104",
    "fresh-105",
    "fresh-106",
]


@pytest.mark.parametrize("set_name", PACKAGE_UNSEEN_SETS)
def test_an_unseen_set_holds_no_recall_project(unseen, set_name):  # type: ignore[no-untyped-def]
    projects = _recall_projects()
    assert {"flash-attention", "sentence-transformers", "peft"} <= projects  # read as expected
    names = {_normalized(name) for name, _version in unseen.PACKAGE_SETS[set_name]}
    assert names & projects == set()


#: Packages in no set and no judged sample that were already looked at elsewhere when fresh-4
#: was chosen, so kept out of it.
LOOKED_AT_BEFORE_FRESH_4 = {
    "ai2-olmo",
    "catalyst",
    "ktransformers",
    "lmcache",
    "ludwig",
    "mamba-ssm",
    "megatron-bridge",
    "realhf",
    "skyrl-train",
    "xformers",
}


#: Kept out of fresh-5 besides the six sets, the judged samples and the recall projects' names:
#: those looked at before fresh-4; those fresh-4 left out or could not download; the recall
#: cases' projects by their distribution names; packages whose code an earlier set, sample or
#: case holds (megatron-fsdp ships inside megatron-core, nvidia-modulus is physicsnemo's earlier
#: name, coqui-tts continues mozilla/TTS, llama-cookbook is llama-recipes renamed, vissl's wheel
#: bundles fairscale, evalscope's a copy of salesforce-lavis); optimum-benchmark, an issue of which
#: an explain program is modelled on.
KEPT_OUT_OF_FRESH_5 = LOOKED_AT_BEFORE_FRESH_4 | {
    "distrifuser",
    "gpytorch",
    "megablocks",
    "mmcv",
    "mmdet3d",
    "para-attn",
    "pytorch-accelerated",
    "ring-flash-attn",
    "skorch",
    "transformer-engine",
    "arctic-training",
    "compressed-tensors",
    "deepmd-kit",
    "flash-attn",
    "flashinfer-python",
    "fms-acceleration",
    "gptqmodel",
    "llava",
    "nano-vllm",
    "pytorch-pfn-extras",
    "unsloth-zoo",
    "xfuser",
    "coqui-tts",
    "llama-cookbook",
    "megatron-fsdp",
    "nvidia-modulus",
    "optimum-benchmark",
    "vissl",
    "evalscope",
}


#: Kept out of fresh-6 besides the seven sets, the judged samples and the recall projects'
#: names: those kept out of fresh-5; those fresh-5 left out or could not download; those named in
#: the repository (torchdata, torchelastic, both now in fresh-5); packages holding code of an
#: earlier set, sample or case (eole continues OpenNMT-py, of whose issue an explain program is
#: modelled; nnunet is nnunetv2's earlier version; coqui's trainer came out of mozilla/TTS;
#: llmtuner and swift are llamafactory's and ms-swift's earlier names; lightning-fabric and
#: pytorch-lightning ship inside lightning; s3prl copies fairseq's models; xinference bundles
#: llava; yolov5 is ultralytics' code; vllm-ascend copies vllm's); rfdetr, named in judged rows.
KEPT_OUT_OF_FRESH_6 = KEPT_OUT_OF_FRESH_5 | {
    "oat-llm",
    "yolox",
    "boltz",
    "verifiers",
    "webdataset",
    "agentlightning",
    "lightning-bolts",
    "solo-learn",
    "earth2studio",
    "mmpose",
    "opennmt-py",
    "eole",
    "nnunet",
    "trainer",
    "coqui-tts-trainer",
    "llmtuner",
    "swift",
    "lightning-fabric",
    "pytorch-lightning",
    "s3prl",
    "xinference",
    "yolov5",
    "vllm-ascend",
    "rfdetr",
}


@pytest.mark.parametrize(
    ("set_name", "kept_out"),
    [
        ("fresh-4", LOOKED_AT_BEFORE_FRESH_4),
        ("fresh-5", KEPT_OUT_OF_FRESH_5),
        ("fresh-6", KEPT_OUT_OF_FRESH_6),
        ("fresh-94", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-95", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-96", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-97", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-98", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-99", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-100", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-101", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-102", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-103", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-104", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-105", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
        ("fresh-106", LOOKED_AT_BEFORE_FRESH_4 | KEPT_OUT_OF_FRESH_5 | KEPT_OUT_OF_FRESH_6),
    ],
)
def test_an_unseen_set_holds_no_package_looked_at_before(unseen, set_name, kept_out):  # type: ignore[no-untyped-def]
    names = {_normalized(name) for name, _version in unseen.PACKAGE_SETS[set_name]}
    assert names & kept_out == set()


def _judged_text_outside(set_name: str) -> str:
    """Every judged sample's rows but the verdicts on `set_name` itself (rows naming it, also
    as `<set>/dropped`, `<set>/added` or another `<set>/...` sample: findings of that set a
    later change stopped or started raising, or a later re-sample of them)."""
    rows = []
    for path in sorted(SCRIPTS.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            corpus = str(row.get("corpus", ""))
            if corpus != set_name and not corpus.startswith(f"{set_name}/"):
                rows.append(line)
    return _normalized("\n".join(rows))


@pytest.mark.parametrize("set_name", ["fresh-2", *PACKAGE_UNSEEN_SETS])
def test_an_unseen_set_was_judged_in_no_earlier_sample(unseen, set_name):  # type: ignore[no-untyped-def]
    text = _judged_text_outside(set_name)
    assert "modelscope-1.40.2/" in text  # paths and corpus notes read as expected
    for name, _version in unseen.PACKAGE_SETS[set_name]:
        # a tree name ("petals-2.2.0/...") or a corpus note ("petals 2.2.0")
        assert not re.search(rf"(^|[\s\"/]){re.escape(_normalized(name))}[- ]\d", text), name


def test_judged_rows_of_a_set_are_not_counted_against_it(unseen):  # type: ignore[no-untyped-def]
    # fresh-2's own verdicts name its packages; rows of other sets do not
    assert "mistral-inference-1.6.0/" in _judged_text_outside("fresh")
    assert "mistral-inference-1.6.0/" not in _judged_text_outside("fresh-2")
    # a later judgment of the set's own findings is its own, not an earlier sample
    assert "pytorchvideo-0.1.5/" not in _judged_text_outside("fresh-6")
    assert "pytorchvideo-0.1.5/" in _judged_text_outside("fresh-5")
    # a later re-sample of a set's findings names the set; another set's prefix is not it
    assert "nemo-automodel-0.7.0/" not in _judged_text_outside("fresh-3")
    assert "nemo-automodel-0.7.0/" in _judged_text_outside("fresh-30")


def test_corpus_flags_pick_one_set_and_refuse_two(unseen, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    corpus = sys.modules["corpus"]
    flags = {name.replace("-", "_"): False for name in corpus.UNSEEN_SETS}
    assert {"held_out", "fresh", "fresh_7", "fresh_9", "fresh_14", "fresh_15"} <= set(flags)
    for name, packages in corpus.UNSEEN_SETS.items():
        picked = corpus._package_set(argparse.Namespace(**{**flags, name.replace("-", "_"): True}))
        assert picked is packages
    assert corpus._package_set(argparse.Namespace(**flags)) is corpus.PACKAGES
    for pair in (
        ["--fresh-2", "--fresh-3"],
        ["--fresh-3", "--fresh-4"],
        ["--fresh-4", "--fresh-5"],
        ["--fresh-5", "--fresh-6"],
        ["--fresh-6", "--fresh-7"],
        ["--fresh-14", "--fresh-15"],
        ["--judged", "TPL402", "--fresh-2"],
    ):
        monkeypatch.setattr(sys, "argv", ["corpus.py", "--corpus", str(tmp_path / "c"), *pair])
        with pytest.raises(SystemExit) as stopped:
            corpus.main()
        assert stopped.value.code == 2 and "not allowed with argument" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()  # refused before anything was downloaded


def test_download_only_extracts_and_lints_nothing(unseen, tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    corpus = sys.modules["corpus"]
    root = tmp_path / "c"
    for name, version in corpus.FRESH_4:  # already extracted: nothing is fetched again
        tree = root / "src" / f"{name}-{version}" / name.replace("-", "_")
        tree.mkdir(parents=True)
        (tree / "__init__.py").write_text("import torch\nx = torch.ones(2).to('cuda:0')\n")
    nested = root / "src" / "yunchang-0.6.4" / "yunchang" / "ring"
    nested.mkdir()
    (nested / "attn.py").write_text("")
    argv = ["corpus.py", "--corpus", str(root), "--fresh-4", "--download-only"]
    monkeypatch.setattr(sys, "argv", argv)
    assert corpus.main() == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["files"] == len(corpus.FRESH_4) + 1
    assert summary["trees"]["src/yunchang-0.6.4"] == 2 and len(summary["trees"]) == 29
    assert "findings" not in summary and not (root / "findings.jsonl").exists()


def _recall_sources() -> set[str]:
    """`owner/name` of every GitHub repository a recall case was read from (lower case)."""
    text = _cases_text(SCRIPTS.parent / "lint_recall" / "cases")
    found = re.findall(r'^source = "https://github\.com/([^/"]+/[^/"]+)', text, flags=re.MULTILINE)
    return {name.lower() for name in found}


@pytest.mark.parametrize("set_name", ["fresh-14", "fresh-15"])
def test_a_github_set_is_pinned_and_holds_no_recall_source(unseen, set_name):  # type: ignore[no-untyped-def]
    sources = _recall_sources()
    assert {"huggingface/accelerate", "vllm-project/vllm"} <= sources  # read as expected
    entries = unseen.PACKAGE_SETS[set_name]
    assert 15 <= len(entries) <= 20
    for name, commit in entries:
        assert name.startswith("github:") and re.fullmatch(r"[0-9a-f]{40}", commit), name
        assert name.removeprefix("github:").lower() not in sources, name


@pytest.mark.parametrize("set_name", ["fresh-105", "fresh-106"])
def test_a_mixed_set_pins_its_repositories_and_holds_no_recall_source(unseen, set_name):  # type: ignore[no-untyped-def]
    sources = _recall_sources()
    entries = unseen.PACKAGE_SETS[set_name]
    repositories = [(name, pin) for name, pin in entries if name.startswith("github:")]
    assert 0 < len(repositories) < len(entries)
    for name, commit in repositories:
        assert re.fullmatch(r"[0-9a-f]{40}", commit), name
        assert name.removeprefix("github:").lower() not in sources, name


def test_the_targeted_sets_are_pinned_and_leave_out_only_their_own_paths(unseen):  # type: ignore[no-untyped-def]
    sources = _recall_sources()
    entries = [
        entry
        for name in (
            "fresh-16",
            "fresh-17",
            "fresh-18",
            "fresh-19",
            "fresh-20",
            "fresh-21",
            "fresh-22",
            "fresh-23",
            "fresh-24",
            "fresh-25",
            "fresh-26",
            "fresh-27",
            "fresh-28",
            "fresh-29",
            "fresh-30",
            "fresh-31",
            "fresh-32",
            "fresh-33",
            "fresh-34",
            "fresh-35",
            "fresh-36",
            "fresh-37",
            "fresh-38",
            "fresh-39",
            "fresh-40",
            "fresh-41",
            "fresh-42",
            "fresh-43",
            "fresh-44",
            "fresh-45",
            "fresh-46",
            "fresh-47",
            "fresh-48",
            "fresh-49",
            "fresh-50",
            "fresh-51",
            "fresh-52",
            "fresh-53",
            "fresh-54",
            "fresh-55",
            "fresh-56",
            "fresh-57",
            "fresh-58",
            "fresh-59",
            "fresh-60",
            "fresh-61",
            "fresh-62",
            "fresh-63",
            "fresh-64",
            "fresh-65",
            "fresh-66",
            "fresh-67",
            "fresh-68",
            "fresh-69",
            "fresh-70",
            "fresh-71",
            "fresh-72",
            "fresh-73",
            "fresh-74",
            "fresh-75",
            "fresh-76",
            "fresh-77",
            "fresh-78",
            "fresh-79",
            "fresh-80",
            "fresh-81",
            "fresh-82",
            "fresh-83",
            "fresh-84",
            "fresh-85",
            "fresh-86",
            "fresh-87",
            "fresh-88",
            "fresh-89",
            "fresh-90",
            "fresh-91",
            "fresh-92",
            "fresh-93",
        )
        for entry in unseen.PACKAGE_SETS[name]
    ]
    names = {name for name, _ in entries}
    for name, commit in entries:
        assert name.startswith("github:") and re.fullmatch(r"[0-9a-f]{40}", commit), name
        assert name.removeprefix("github:").lower() not in sources, name
    left_out = sys.modules["corpus"].LEFT_OUT
    # The sets of packages from the index, whose files identical to another set's are left
    # out by package name.
    packages = {
        name for set_name in PACKAGE_UNSEEN_SETS for name, _v in unseen.PACKAGE_SETS[set_name]
    }
    assert left_out and set(left_out) <= names | packages
    assert all(p.endswith(("/", ".py")) for prefixes in left_out.values() for p in prefixes)


def test_no_github_entry_is_a_package_of_another_set(unseen):  # type: ignore[no-untyped-def]
    # A repository and the package built from it are the same code: one of them in a later
    # set would not be unseen (audiocraft and FlagEmbedding are packages of fresh-2 and fresh).
    corpus = sys.modules["corpus"]

    def normal(name: str) -> str:
        return re.sub(r"[-_.]", "", name.lower())

    packages = {
        normal(name)
        for packages in (corpus.PACKAGES, *corpus.UNSEEN_SETS.values())
        for name, _ in packages
        if not name.startswith("github:")
    }
    assert {"audiocraft", "flagembedding", "f5tts"} <= packages  # read as expected
    repositories = [
        name
        for packages in corpus.UNSEEN_SETS.values()
        for name, _ in packages
        if name.startswith("github:")
    ]
    assert len(repositories) > 250
    clashes = [name for name in repositories if normal(name.rpartition("/")[2]) in packages]
    # Another project of the same name (checked by hand: no non-empty file in common):
    # jodafons/maestro orchestrates Slurm jobs; the package maestro fine-tunes VLMs.
    other_code = {"github:jodafons/maestro"}
    assert other_code <= set(clashes)  # still named, so the check above still runs
    assert [name for name in clashes if name not in other_code] == []
    # Repositories whose package goes by another name (checked by hand when a set is chosen).
    renamed = {
        "stanford-futuredata/colbert": "colbertai",
        "facebookresearch/habitat-lab": "habitatbaselines",
        "bytedance/protenix": "protenix",
    }
    assert set(renamed.values()) <= packages  # the packages are in the sets
    taken = [name for name in repositories if name.lower().removeprefix("github:") in renamed]
    assert taken == []


def _git(*args: str) -> str:
    import subprocess

    done = subprocess.run(["git", *args], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_github_entry_is_exported_at_its_commit_from_a_mirror(unseen, tmp_path):  # type: ignore[no-untyped-def]
    corpus = sys.modules["corpus"]
    work = tmp_path / "mirrors" / "someone+trainer" / "repo"
    (work / "tools").mkdir(parents=True)
    (work / "train.py").write_text("import torch\n")
    (work / "tools" / "launch.py").write_text("import os\n")
    (work / "README.md").write_text("not python\n")
    _git("init", "-q", str(work))
    for key, value in (("user.email", "a@b.c"), ("user.name", "a")):
        _git("-C", str(work), "config", key, value)
    _git("-C", str(work), "add", "-A")
    _git("-C", str(work), "commit", "-q", "-m", "first")
    first = _git("-C", str(work), "rev-parse", "HEAD")
    (work / "later.py").write_text("x = 1\n")  # committed after: not in the pinned commit
    _git("-C", str(work), "add", "-A")
    _git("-C", str(work), "commit", "-q", "-m", "second")
    root = tmp_path / "c"
    (tree,) = corpus.download(root, (("github:someone/trainer", first),), tmp_path / "mirrors")
    assert tree == root / "src" / f"someone+trainer-{first[:12]}"
    files = sorted(str(p.relative_to(tree)) for p in tree.rglob("*") if p.is_file())
    assert files == [".launch-texts", "README.md", "tools/launch.py", "train.py"]
    with pytest.raises(SystemExit, match="not found"):  # a commit the mirror lacks
        corpus.download(root, (("github:someone/trainer", "0" * 40),), tmp_path / "mirrors")


def test_first_looks_count_each_set_s_own_rows_and_name_the_tier_now(unseen, tmp_path):  # type: ignore[no-untyped-def]
    # A file of one set's first look names no corpus; a shared file holds several sets' rows.
    held_out = _write(
        tmp_path / "held.jsonl",
        [
            {"rule": A, "path": "p/a.py", "line": 1, "verdict": "TRUE"},
            {"rule": "TPL105", "path": "p/b.py", "line": 2, "verdict": "FALSE"},
        ],
    )
    shared = _write(
        tmp_path / "shared.jsonl",
        [
            {"code": A, "path": "q/a.py", "line": 1, "verdict": "FALSE", "corpus": "fresh"},
            {"code": A, "path": "r/a.py", "line": 1, "verdict": "UNSURE", "corpus": "fresh-2"},
            {"code": A, "path": "s/a.py", "line": 1, "verdict": "TRUE", "corpus": "held-out"},
        ],
    )
    looks = unseen.first_looks([("held-out", held_out), ("fresh", shared)])
    assert looks[A]["tier"] == "default"
    assert (looks[A]["judged"], looks[A]["true"], looks[A]["false"]) == (2, 1, 1)
    assert looks[A]["sets"] == ["fresh", "held-out"]
    assert looks["TPL105"]["tier"] == "preview"


@pytest.mark.parametrize(
    ("name", "packages", "verdict", "figure"),
    [
        ("fresh-2", "Packages (20): ai2-olmo-core-3.0.0,", "FALSE", "0/1 TRUE (0.0% strict)"),
        ("fresh-3", "Packages (25, 12 Python files): allennlp-2.10.1,", "TRUE", "1/1 TRUE"),
        ("fresh-4", "Packages (29): airllm-4.0.0, bmtrain-1.0.1,", "TRUE", "1/1 TRUE"),
        ("fresh-5", "Packages (28): ai-dynamo-1.6.1, autogluon-multimodal-1.6.3,", "TRUE", "1/1"),
        ("fresh-6", "Packages (30): agilerl-2.58.0, amd-quark-0.13,", "FALSE", "0/1 TRUE"),
    ],
)
def test_a_set_s_table_lists_its_packages_and_how_it_was_chosen(  # type: ignore[no-untyped-def]
    unseen, tmp_path, monkeypatch, name, packages, verdict, figure
):
    findings = _write(tmp_path / "f.jsonl", [{"code": A, "path": "p/a.py", "line": 3}])
    judged = _write(
        tmp_path / "j.jsonl", [{"rule": A, "path": "p/a.py", "line": 3, "verdict": verdict}]
    )
    argv = ["unseen.py", "--corpus", name, str(findings), str(judged), "--out", str(tmp_path)]
    argv += ["--files", f"{name}=12"] if name == "fresh-3" else []
    monkeypatch.setattr(sys, "argv", argv)
    assert unseen.main() == 0
    table = (tmp_path / "lint_precision_unseen.md").read_text(encoding="utf-8")
    assert f"## {name}" in table and packages in table
    assert f"{name}: {figure}" in table
    assert unseen.CORPUS_NOTES[name] in table


def test_a_package_archive_leaves_out_the_files_named_for_it(unseen, tmp_path):  # type: ignore[no-untyped-def]
    # fresh-94's packages leave out files identical to another set's, as repositories do.
    import tarfile
    import zipfile

    corpus = sys.modules["corpus"]
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zipped:
        zipped.writestr("pkg/train.py", "import torch\n")
        zipped.writestr("pkg/copied/__init__.py", "x = 1\n")
    corpus._extract(wheel, tmp_path / "w", left_out=("pkg/copied/",))
    assert sorted(p.name for p in (tmp_path / "w").rglob("*.py")) == ["train.py"]
    source = tmp_path / "pkg-1.0.tar.gz"
    with tarfile.open(source, "w:gz") as tarred:
        for name in ("pkg-1.0/pkg/train.py", "pkg-1.0/pkg/copied.py"):
            member = tmp_path / "member.py"
            member.write_text("x = 1\n")
            tarred.add(member, arcname=name)
    corpus._extract(source, tmp_path / "s", left_out=("pkg/copied.py",))
    assert sorted(p.name for p in (tmp_path / "s").rglob("*.py")) == ["train.py"]


@pytest.mark.parametrize(
    ("set_name", "size"),
    [("fresh-107", 12), ("fresh-108", 14), ("fresh-109", 14), ("fresh-110", 12)],
)
def test_a_repository_set_chosen_by_text_is_new_everywhere(unseen, set_name, size):  # type: ignore[no-untyped-def]
    # fresh-107 to fresh-110: GitHub repositories only, each pinned, none a recall source, in no
    # other set (as itself or as a package) and named in no judged sample of another set.
    corpus = sys.modules["corpus"]
    entries = unseen.PACKAGE_SETS[set_name]
    assert entries is corpus.UNSEEN_SETS[set_name] and len(entries) == size
    sources = _recall_sources()
    elsewhere = {
        name.lower()
        for other, packages in corpus.UNSEEN_SETS.items()
        if other != set_name
        for name, _ in packages
    }
    assert "github:facebookresearch/dlrm" in elsewhere  # read as expected
    text = _judged_text_outside(set_name)
    for name, commit in entries:
        assert name.startswith("github:") and re.fullmatch(r"[0-9a-f]{40}", commit), name
        repository = name.removeprefix("github:")
        assert repository.lower() not in sources and name.lower() not in elsewhere, name
        assert f"{repository.replace('/', '+')}-" not in text, name


def test_a_tree_named_twice_is_linted_once(unseen, tmp_path):  # type: ignore[no-untyped-def]
    # A project in two of the sets linted together must not give every finding twice.
    corpus = sys.modules["corpus"]
    tree = tmp_path / "src" / "p-1"
    tree.mkdir(parents=True)
    (tree / "a.py").write_text("import torch\nx = torch.ones(2).to('cuda:0')\n")
    out = tmp_path / "findings.jsonl"
    once = corpus.lint([tree], tmp_path, out, 1)
    rows_once = out.read_text().splitlines()
    twice = corpus.lint([tree, tree], tmp_path, out, 1)
    assert rows_once and out.read_text().splitlines() == rows_once
    assert twice["files"] == once["files"] == 1 and twice["findings"] == once["findings"]
