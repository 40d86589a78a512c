#!/usr/bin/env python3
"""The documented Xcode Run Script phase (Docs/integration.md, "Xcode Run Script phase"), run as
Xcode runs it with user script sandboxing on, on the bundled example and on real projects: every
file access is traced and judged by the rules of Xcode's sandbox profile (scripts/xcode_sandbox.py).

    scripts/check-xcode-phase.py BIN [--recipe old] [--corpus DIR]

Cases: the first build after the file lists exist, a no-op, an edited source, a glyph's source
edited (an edit's build, issue 50), a deleted output,
an added asset (the phase must stop before it touches anything, naming the command that refreshes
the lists; once run, the next phase passes) and a removed asset. Each must make 0 accesses the
profile denies. Exit 1 when one does, printing them.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xcode_sandbox import XcodePhase  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def phase_for(srcroot, derived, recipe):
    """The phase as the docs declare it: its inputs, file lists and the command it runs."""
    if recipe == "old":
        return XcodePhase(srcroot, derived, input_lists=["$(SRCROOT)/assetsmith-inputs.xcfilelist"],
                          output_lists=["$(SRCROOT)/assetsmith-outputs.xcfilelist"],
                          inputs=["$(SRCROOT)/assetsmith.yml"])
    return XcodePhase(srcroot, derived, input_lists=["$(SRCROOT)/assetsmith-inputs.xcfilelist"],
                      output_lists=["$(SRCROOT)/assetsmith-outputs.xcfilelist"])


def command_for(binary, recipe):
    if recipe == "old":
        return ["/bin/sh", "-c", f'"{binary}" build --manifest "$SRCROOT/assetsmith.yml" '
                '--input-file-list "$SRCROOT/assetsmith-inputs.xcfilelist" '
                '--output-file-list "$SRCROOT/assetsmith-outputs.xcfilelist"']
    # The docs' phase body: `assetsmith xcode` prints it (Sources/AssetsmithCLI/XcodeCommand.swift).
    return ["/bin/sh", "-c", f'"{binary}" build --xcode --manifest "$SRCROOT/assetsmith.yml"']


def lists_command(binary, recipe, srcroot):
    if recipe == "old":
        return [binary, "build", "--manifest", "assetsmith.yml", "--input-file-list", "assetsmith-inputs.xcfilelist",
                "--output-file-list", "assetsmith-outputs.xcfilelist"]
    return [binary, "xcode", "--manifest", "assetsmith.yml"]


def run_case(name, phase, command, expect_code=0, expect_text=None):
    result = phase.run(command)
    problems = []
    if result.code != expect_code:
        problems.append(f"exit {result.code}, expected {expect_code}")
    if expect_text and expect_text not in result.stdout + result.stderr:
        problems.append(f"output lacks {expect_text!r}")
    status = "ok" if not problems and not result.denied else "FAIL"
    print(f"{status:4} {name}: {len(result.denied)} denied of {len(result.accesses)} accesses"
          + (f" ({'; '.join(problems)})" if problems else ""))
    if status == "FAIL":
        for kind, path, call in result.denied[:40]:
            print(f"       denied {kind} {path} ({call})")
        if problems:
            print("       " + (result.stdout + result.stderr).strip().replace("\n", "\n       ")[:3000])
    return len(result.denied), not problems


def terminal(command, cwd):
    env = dict(os.environ)
    for key in list(env):
        if key.startswith("SCRIPT_") or key in ("SRCROOT", "TEMP_DIR", "TARGET_TEMP_DIR"):
            del env[key]
    proc = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"setup failed: {' '.join(command)}: {proc.stdout}{proc.stderr}")
    return proc


def example_cases(binary, recipe, work):
    """The bundled example (assetsmith.yml, Assets/) copied into a project folder."""
    src = os.path.join(work, "Example")
    os.makedirs(src)
    shutil.copy(os.path.join(REPO, "assetsmith.yml"), src)
    shutil.copytree(os.path.join(REPO, "Assets"), os.path.join(src, "Assets"))
    derived = os.path.join(work, "DerivedData")
    terminal(lists_command(binary, recipe, src), src)
    phase, command = phase_for(src, derived, recipe), command_for(binary, recipe)
    total, ok = 0, True

    def case(name, **kwargs):
        nonlocal total, ok
        denied, fine = run_case(name, phase, command, **kwargs)
        total += denied
        ok = ok and fine

    case("example: first build after the lists exist")
    case("example: no-op")
    with open(os.path.join(src, "Assets", "Glyphs", "star.svg"), "a", encoding="utf-8") as handle:
        handle.write("<!-- edited -->\n")
    case("example: one SVG edited")
    # Issue 50: a bar glyph's source saved, built alone (an edit's build: the phase says so in
    # its timings) and as declared.
    with open(os.path.join(src, "Assets", "Glyphs", "plus.svg"), "a", encoding="utf-8") as handle:
        handle.write("<!-- edited -->\n")
    os.environ["ASSETSMITH_TIMINGS"] = "1"
    case("example: a bar glyph's SVG edited (an edit's build)", expect_text="timing: edit:")
    del os.environ["ASSETSMITH_TIMINGS"]
    os.remove(os.path.join(src, "Output", "Assets.xcassets", "Logo.imageset", "Logo@2x.png"))
    case("example: one output deleted")
    manifest = os.path.join(src, "assetsmith.yml")
    original = open(manifest, encoding="utf-8").read()
    added = "assets:\n  - name: AddedStar\n    kind: image\n    source: Assets/Glyphs/star.svg\n    size: 20\n\n"
    with open(manifest, "w", encoding="utf-8") as handle:
        handle.write(original.replace("assets:\n", added, 1))
    if recipe != "old":
        case("example: asset added, lists not refreshed (stops, names the command)", expect_code=2,
             expect_text="assetsmith xcode")
        terminal(lists_command(binary, recipe, src), src)
        case("example: asset added, after `assetsmith xcode`")
        with open(manifest, "w", encoding="utf-8") as handle:
            handle.write(original)
        case("example: asset removed again (the old lists cover it)")
    else:
        case("example: asset added")
    if recipe != "old":
        shutil.rmtree(os.path.join(src, "Output"))
        case("example: a fresh clone that does not commit the catalog (Output/ gone)")
    return total, ok


def project_cases(binary, recipe, work, fixture, label):
    """A real project (an Xcode 16 app whose app folder is synchronized): `assetsmith init`, the
    lists, then the phase: no-op, an output deleted, a source saved again."""
    src = os.path.join(work, label)
    shutil.copytree(fixture, src)
    derived = os.path.join(work, "DerivedData-" + label)
    terminal([binary, "init"], src)
    terminal(lists_command(binary, recipe, src), src)
    phase, command = phase_for(src, derived, recipe), command_for(binary, recipe)
    total, ok = 0, True
    for name in ("no-op", "a generated file deleted", "a source saved again"):
        if name == "a generated file deleted":
            listed = open(os.path.join(src, "assetsmith-outputs.xcfilelist"), encoding="utf-8").read().split("\n")
            generated = [line.replace("$(SRCROOT)", src) for line in listed if line.endswith(".png")]
            os.remove(generated[0])
        if name == "a source saved again":
            for root, _, files in os.walk(os.path.join(src, "AssetSources")):
                for f in files:
                    with open(os.path.join(root, f), "ab") as handle:
                        handle.write(b"")
                    os.utime(os.path.join(root, f))
        denied, fine = run_case(f"{label}: {name}", phase, command)
        total += denied
        ok = ok and fine
    return total, ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--recipe", default="new", choices=["old", "new"])
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    if shutil.which("strace") is None:
        sys.exit("strace is missing (Debian: apt-get install strace; scripts/install-deps.sh installs it)")
    probe = subprocess.run(["strace", "-f", "-qq", "-o", "/dev/null", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        # A container without ptrace (seccomp, no CAP_SYS_PTRACE) cannot trace: say so, do not fail.
        print("skip: check-xcode-phase: strace cannot trace here (" + probe.stderr.strip()[:200]
              + "); the Xcode phase's file accesses were not checked")
        sys.exit(0)
    binary = os.path.abspath(args.binary)
    work = tempfile.mkdtemp(prefix="xcode-phase-")
    os.environ.setdefault("ASSETSMITH_TEMPLATES", os.path.join(REPO, "Templates"))
    try:
        total, ok = example_cases(binary, args.recipe, work)
        fixture = os.path.join(REPO, "Tests", "Fixtures", "XcodeProjects", "IceCubes")
        more, fine = project_cases(binary, args.recipe, work, fixture, "IceCubes")
        total, ok = total + more, ok and fine
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print("kept", work)
    print(f"denied accesses in all: {total}")
    sys.exit(0 if total == 0 and ok else 1)


if __name__ == "__main__":
    main()
