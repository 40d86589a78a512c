"""End-to-end check of `assetsmith mcp` with the official MCP Python SDK (issue 39).

Drives the server over standard input and output as an agent would: lists the tools and
resources, runs plan -> build -> verify -> preview on a copy of the bundled example and on an
adopted real project (init first), receives the preview as a PNG, cancels a slow build, and is
refused a path outside the root, a write in read-only mode and hostile input -- the server
answering the next call after each; and sent malformed lines on raw standard input, each answered
with its JSON-RPC 2.0 error. Run by scripts/check-mcp.sh: check_mcp.py ASSETSMITH REPO WORK.
"""

import base64
import json
import os
import select
import shutil
import struct
import subprocess
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ASSETSMITH, REPO, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def check(condition, what, detail=""):
    """One assertion: says what it checked, or fails the run with what the server answered."""
    if not condition:
        raise SystemExit(f"FAIL: {what}\n{detail}")
    print(f"ok: {what}")


def field(result, name):
    """A field of a result, whatever case the SDK version spells it in."""
    for spelling in (name, "".join(w if i == 0 else w.title() for i, w in enumerate(name.split("_")))):
        if hasattr(result, spelling):
            return getattr(result, spelling)
    raise AttributeError(name)


def text(result):
    return "\n".join(c.text for c in result.content if c.type == "text")


def structured(result):
    return field(result, "structured_content") or {}


def failed(result):
    return bool(field(result, "is_error"))


def server(root, *flags):
    return stdio_client(StdioServerParameters(command=ASSETSMITH, args=["mcp", "--root", root, *flags], cwd=root))


async def still_serving(session, after):
    result = await session.call_tool("explain", {"rule": "stale"})
    check(not failed(result) and structured(result)["rule"] == "stale", f"the server still answers after {after}", text(result))


def copy_example(name):
    root = os.path.join(WORK, name)
    os.makedirs(root)
    shutil.copytree(os.path.join(REPO, "Assets"), os.path.join(root, "Assets"))
    shutil.copy(os.path.join(REPO, "assetsmith.yml"), root)
    return root


async def example_project(session, root):
    tools = sorted(t.name for t in (await session.list_tools()).tools)
    check(tools == ["build", "explain", "init", "plan", "preview", "verify"], "tools/list names the six tools", str(tools))
    resources = [r.uri for r in (await session.list_resources()).resources]
    check("assetsmith://schema/manifest" in resources and "assetsmith://tables/ios18" in resources,
          "resources/list has the manifest schema and the requirement tables", str(resources))
    schema = await session.read_resource("assetsmith://schema/manifest")
    check('"$schema"' in schema.contents[0].text, "the manifest's JSON Schema reads as JSON Schema")

    plan = await session.call_tool("plan", {})
    check(not failed(plan) and structured(plan)["jobs"] > 100 and structured(plan)["table"] == "ios18",
          "plan of the example: its render jobs and table", text(plan))
    snippet = "table: ios18\nassets:\n  - name: Logo\n    kind: imag\n    source: Assets/Logo.svg\n"
    wrong = await session.call_tool("plan", {"text": snippet})
    located = structured(wrong).get("diagnostics", [{}])[0]
    check(failed(wrong) and located.get("line") == 4 and located.get("column") == 11 and 'did you mean "image"' in located.get("fix", ""),
          "plan of manifest text: the error located at 4:11 with its did-you-mean", str(structured(wrong)))

    updates = []

    async def progress(done, total, message):
        updates.append((done, total))

    build = await session.call_tool("build", {}, progress_callback=progress)
    report = structured(build)
    check(not failed(build) and report["passed"] and report["rendered"] > 100 and report["writtenCount"] > 100
          and len(report["written"]) == 20,
          "build of the example: rendered and written", text(build))
    check(len(updates) >= 2 and updates[-1][0] == updates[-1][1], "build sent progress notifications up to its total", str(updates))
    again = await session.call_tool("build", {})
    check(structured(again)["rendered"] == 0 and structured(again)["upToDate"] > 100, "a second build finds everything up to date", text(again))

    verify = await session.call_tool("verify", {})
    check(not failed(verify) and structured(verify)["passed"] and structured(verify)["catalogs"][0]["errors"] == 0,
          "verify of the built example passes", text(verify))
    preview = await session.call_tool("preview", {"asset": "AppIcon"})
    images = [c for c in preview.content if c.type == "image"]
    png = base64.b64decode(images[0].data) if images else b""
    check(len(images) == 1 and field(images[0], "mime_type") == "image/png", "preview returns one image/png", text(preview))
    width, height = struct.unpack(">II", png[16:24]) if png[:8] == PNG_MAGIC else (0, 0)
    check(png[:8] == PNG_MAGIC and (width, height) == (structured(preview)["width"], structured(preview)["height"]),
          f"the preview is a PNG of {width}x{height} px, as its structured content says", str(structured(preview)))

    explain = await session.call_tool("explain", {"rule": "alpha-channel"})
    check(not failed(explain) and "ITMS-90717" in text(explain) and structured(explain)["fix"], "explain alpha-channel: why and fix", text(explain))


async def refusals(session, root):
    outside = await session.call_tool("plan", {"manifest": "../elsewhere/assetsmith.yml"})
    check(failed(outside) and "outside the server's root" in text(outside), "a manifest path outside the root is refused", text(outside))
    os.symlink("/etc", os.path.join(root, "etc-link"))
    linked = await session.call_tool("verify", {"catalog": "etc-link/Assets.xcassets"})
    check(failed(linked) and "outside the server's root" in text(linked), "a path leading out through a symbolic link is refused", text(linked))
    await still_serving(session, "the refusals")

    hostile = await session.call_tool("plan", {"text": "a: &a [" + "*a, " * 50 + "]\n" * 3 + "\x00\x01"})
    check(failed(hostile), "a hostile manifest text is an error result", text(hostile))
    with open(os.path.join(root, "Assets", "Broken.png"), "wb") as broken:
        broken.write(PNG_MAGIC + b"\x00\x00\x00\x0dIHDR" + b"\xff" * 40)
    with open(os.path.join(root, "broken.yml"), "w") as manifest:
        manifest.write("table: ios18\noutput: BrokenOut\nassets:\n  - name: Broken\n    kind: image\n    source: Assets/Broken.png\n    size: 20\n")
    broken = await session.call_tool("build", {"manifest": "broken.yml"})
    check(failed(broken) and structured(broken)["diagnostics"], "a corrupt source fails its build call with diagnostics", text(broken))
    await still_serving(session, "the hostile input")
    unknown = await session.call_tool("build", {"manifets": "assetsmith.yml"})
    check(failed(unknown) and "did you mean `manifest`" in text(unknown), "an unknown argument is refused with a did-you-mean", text(unknown))


def slow_manifest(root):
    """Eight SVGs with large blurs, each drawn at three scales: seconds of work on one job."""
    os.makedirs(os.path.join(root, "Slow"), exist_ok=True)
    lines = ["table: ios18", "output: SlowOut", "assets:"]
    for index in range(8):
        with open(os.path.join(root, "Slow", f"blur{index}.svg"), "w") as svg:
            svg.write('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="b">'
                      f'<feGaussianBlur stdDeviation="{60 + index}"/></filter>'
                      + "".join(f'<circle cx="{100 + 80 * k}" cy="{500 + index}" r="{90 + k}" fill="#{k}{k}88cc" filter="url(#b)"/>'
                                for k in range(10)) + "</svg>")
        lines += [f"  - name: Blur{index}", "    kind: image", f"    source: Slow/blur{index}.svg", f"    size: {900 + index}"]
    with open(os.path.join(root, "slow.yml"), "w") as manifest:
        manifest.write("\n".join(lines) + "\n")


async def cancellation(session, root):
    slow_manifest(root)
    seen = []
    with anyio.CancelScope() as scope:
        async def progress(done, total, message):
            seen.append(done)
            if done >= 1:
                scope.cancel()
        await session.call_tool("build", {"manifest": "slow.yml", "jobs": 1}, progress_callback=progress)
    check(scope.cancelled_caught and seen, "the slow build was cancelled after its first image", str(seen))
    await still_serving(session, "the cancellation")
    rest = await session.call_tool("build", {"manifest": "slow.yml"})
    check(not failed(rest) and structured(rest)["rendered"] > 0,
          f"the cancelled build drew no more: the next build drew the {structured(rest)['rendered']} images it left", text(rest))


async def read_only(root):
    async with server(root, "--read-only") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = sorted(t.name for t in (await session.list_tools()).tools)
            check(tools == ["explain", "plan", "preview", "verify"], "--read-only lists plan, verify, preview and explain", str(tools))
            build = await session.call_tool("build", {})
            check(failed(build) and "--read-only" in text(build), "--read-only refuses build", text(build))
            await still_serving(session, "the read-only refusal")
            verify = await session.call_tool("verify", {})
            check(not failed(verify), "--read-only still verifies", text(verify))


async def adopted_project(root):
    """TwoApps (Tests/Fixtures/XcodeProjects): init proposes, then writes; plan, build, verify, preview."""
    async with server(root) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            proposed = await session.call_tool("init", {})
            check(not failed(proposed) and "kind: app-icon" in structured(proposed)["manifest"]
                  and not os.path.exists(os.path.join(root, "assetsmith.yml")),
                  "init returns the manifest text and writes nothing", text(proposed))
            written = await session.call_tool("init", {"write": True})
            check(not failed(written) and os.path.exists(os.path.join(root, "assetsmith.yml")), "init with write: true writes it", text(written))
            plan = await session.call_tool("plan", {})
            check(not failed(plan) and structured(plan)["jobs"] > 0, "plan of the adopted project", text(plan))
            build = await session.call_tool("build", {})
            check(not failed(build) and structured(build)["adopted"], "build adopts the project's icon sets", text(build))
            verify = await session.call_tool("verify", {})
            check(not failed(verify) and "findings" in structured(verify), "verify of the adopted project reports findings as data",
                  text(verify))
            preview = await session.call_tool("preview", {"page": 1})
            check(any(c.type == "image" for c in preview.content), "preview of the adopted project returns the image", text(preview))


# Issue 49: malformed lines through raw standard input, each answered by JSON-RPC 2.0 (a line,
# the code, the id the answer must carry) -- a client waiting for an answer never waits forever.
MALFORMED = [
    (b"\xff\xfe{", -32700, None),
    (b"not json", -32700, None),
    (b"[" * 100000, -32700, None),
    (b'{"jsonrpc":"2.0","id":1e400,"method":"ping"}', -32700, None),
    (b'{"id":10,"method":"ping"}', -32600, 10),
    (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600, None),
    (b'{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600, None),
    (b'{"jsonrpc":"2.0","id":"m","method":5}', -32600, "m"),
    (b"[]", -32600, None),
    (b'{"jsonrpc":"2.0","id":7,"method":"tools/call"}', -32602, 7),
    (b'{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{}}', -32602, 8),
]


def raw_answer(process, line):
    process.stdin.write(line + b"\n")
    process.stdin.flush()
    ready, _, _ = select.select([process.stdout], [], [], 30)
    return json.loads(process.stdout.readline()) if ready else None


def malformed_lines(root):
    # Unbuffered: select() then sees every answer line, none held in a Python buffer.
    process = subprocess.Popen([ASSETSMITH, "mcp", "--root", root], bufsize=0, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, cwd=root)
    try:
        hello = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                 "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
        check((raw_answer(process, json.dumps(hello).encode()) or {}).get("id") == 0, "raw stdio: initialize answered")
        process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        for line, code, id in MALFORMED:
            answer = raw_answer(process, line) or {}
            error = answer.get("error") or {}
            check(error.get("code") == code and "id" in answer and answer["id"] == id and error.get("message"),
                  f"raw stdio: {line[:40]!r} answered with {code} and the id {id}", json.dumps(answer)[:300])
        missing = raw_answer(process, b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"arguments":{}}}') or {}
        check("params.name" in (missing.get("error") or {}).get("message", ""), "raw stdio: -32602 names the missing field",
              json.dumps(missing))
        ping = raw_answer(process, b'{"jsonrpc":"2.0","id":99,"method":"ping"}') or {}
        check(ping.get("id") == 99 and "result" in ping, "raw stdio: the server still answers after every malformed line",
              json.dumps(ping))
    finally:
        process.stdin.close()
        process.wait(timeout=30)


async def main():
    root = copy_example("example")
    async with server(root) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await example_project(session, root)
            await refusals(session, root)
            await cancellation(session, root)
    await read_only(root)
    malformed_lines(root)
    project = os.path.join(WORK, "project")
    shutil.copytree(os.path.join(REPO, "Tests", "Fixtures", "XcodeProjects", "TwoApps"), project)
    await adopted_project(project)
    print("mcp: every check passed")


anyio.run(main)
