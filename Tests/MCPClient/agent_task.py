"""An agent's task end to end through `assetsmith mcp` and the official MCP Python SDK (issue 51).

In a copy of a real project with no manifest (IceCubes, an Xcode 16 app of the shared corpus whose
app folder is synchronized; Tests/Fixtures/XcodeProjects/IceCubes), through the tools only: propose
a manifest (init), write it, add a tab icon drawn once as a stroke SVG by editing the manifest's
text, make a typo and read the error (file, line, fix), plan the new asset, build, verify, preview
the new asset, explain a rule. Counts the calls, the bytes the agent reads and the time, and fails
when a result (text and structured content; the preview's PNG apart) exceeds the 32 KB bound.
Run by scripts/check-mcp.sh: agent_task.py ASSETSMITH REPO WORK.
"""

import json
import os
import shutil
import sys
import time

import anyio
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ASSETSMITH, REPO, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
BOUND = 32 << 10

# The download tray of issue 52, as a designer draws it once (24 x 24, stroke only).
TRAY = """<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
 stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
<path d="M12 3v11"/><path d="M7.5 9.5L12 14l4.5-4.5"/>
<path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15"/></svg>
"""


def check(condition, what, detail=""):
    if not condition:
        raise SystemExit(f"FAIL: {what}\n{detail}")
    print(f"ok: {what}")


class Agent:
    """Calls a tool, counting calls, bytes read (text + structured JSON) and seconds."""

    def __init__(self, session):
        self.session, self.calls, self.bytes, self.seconds = session, 0, 0, 0.0

    async def call(self, tool, arguments):
        start = time.monotonic()
        result = await self.session.call_tool(tool, arguments)
        self.seconds += time.monotonic() - start
        self.calls += 1
        text = "\n".join(c.text for c in result.content if c.type == "text")
        structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None) or {}
        size = len(text.encode()) + len(json.dumps(structured).encode())
        self.bytes += size
        check(size <= 2 * BOUND, f"{tool} answered within the bound ({size} bytes)", text[:500])
        return result, text, structured


async def main():
    root = os.path.join(WORK, "agent-task")
    shutil.copytree(os.path.join(REPO, "Tests/Fixtures/XcodeProjects/IceCubes"), root)
    params = StdioServerParameters(command=ASSETSMITH, args=["mcp", "--root", root], cwd=root)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            agent = Agent(session)
            _, text, proposal = await agent.call("init", {})
            check("manifest" in proposal and "assets:" in proposal["manifest"], "init proposes a manifest", text)
            _, text, written = await agent.call("init", {"write": True})
            check(os.path.exists(os.path.join(root, "assetsmith.yml")), "init writes it", text)
            os.makedirs(os.path.join(root, "AssetSources"), exist_ok=True)
            with open(os.path.join(root, "AssetSources", "tray.svg"), "w") as handle:
                handle.write(TRAY)
            manifest = open(os.path.join(root, "assetsmith.yml")).read()
            # A typo first: the agent reads where it is and how to fix it.
            typo = manifest + "  - {name: TabDownloads, kind: tab-icn, source: AssetSources/tray.svg}\n"
            result, text, data = await agent.call("plan", {"text": typo})
            diagnostic = (data.get("diagnostics") or [{}])[0]
            check(result.is_error and diagnostic.get("line") and diagnostic.get("fix") and "tab-icon" in text,
                  "a misspelt kind is an error with its line and a did-you-mean fix", text)
            with open(os.path.join(root, "assetsmith.yml"), "w") as handle:
                handle.write(manifest + "  - {name: TabDownloads, kind: tab-icon, source: AssetSources/tray.svg}\n")
            _, text, plan = await agent.call("plan", {"asset": "TabDownloads"})
            jobs = plan.get("plan", {}).get("jobs", [])
            check(len(jobs) >= 6 and all(job["asset"] == "TabDownloads" for job in plan["jobList"]["items"]),
                  "plan of the new asset: its jobs in full", text)
            result, text, build = await agent.call("build", {})
            check(not result.is_error and build["passed"], "build passes", text)
            _, text, verify = await agent.call("verify", {})
            check("catalogs" in verify and "findings" in verify, "verify answers with counts and a page of findings", text)
            result, text, preview = await agent.call("preview", {"asset": "TabDownloads", "maxWidth": 700})
            titles = [page["title"] for page in preview.get("pages", [])]
            check(not result.is_error and "Tab bars" in titles and preview["width"] <= 700,
                  "the new tab icon's preview shows its tab bars", text)
            items = verify["findings"]["items"]
            rule = items[0]["rule"] if items else "template"
            _, text, explained = await agent.call("explain", {"rule": rule})
            check(explained.get("fix"), f"explain {rule}: what, why and fix", text)
            print(f"agent task: {agent.calls} calls, {agent.bytes} bytes read, {agent.seconds:.2f} s")
            await protocol_errors(session)
            await schemas_catch_a_changed_result(session, {"plan": plan, "build": build, "verify": verify,
                                                           "preview": preview, "explain": explained, "init": written})


async def protocol_errors(session):
    """Issue 53, through the client: an unknown tool is a protocol error (-32602, the MCP spec's
    "Unknown tool"), not a tool's error result, and an unknown resource is -32002."""
    from mcp.shared.exceptions import MCPError as McpError
    try:
        result = await session.call_tool("bild", {})
        raise SystemExit(f"FAIL: an unknown tool answered with a result: {result}")
    except McpError as error:
        check(error.error.code == -32602 and "Unknown tool" in error.error.message and "build" in error.error.message,
              "an unknown tool is protocol error -32602 with a did-you-mean", str(error.error))
    try:
        await session.read_resource("assetsmith://nothing")
        raise SystemExit("FAIL: an unknown resource was read")
    except McpError as error:
        check(error.error.code == -32002, "an unknown resource is -32002", str(error.error))


async def schemas_catch_a_changed_result(session, results):
    """Issue 53: each tool's output schema describes its result field by field: the real result
    validates, and the same result with a field dropped, renamed or retyped does not."""
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    for name, result in results.items():
        schema = getattr(tools[name], "output_schema", None) or getattr(tools[name], "outputSchema", None)
        jsonschema.validate(result, schema)
        required = schema.get("required", [])
        check(len(required) >= 2, f"{name}: its output schema names its fields", json.dumps(schema)[:300])
        field = required[0]
        for change, changed in (("dropped", {k: v for k, v in result.items() if k != field}),
                                ("renamed", {(k + "_" if k == field else k): v for k, v in result.items()}),
                                ("retyped", {**result, field: [result[field]]})):
            try:
                jsonschema.validate(changed, schema)
            except jsonschema.ValidationError:
                continue
            raise SystemExit(f"FAIL: {name}: a result with `{field}` {change} still validates against its output schema")
        print(f"ok: {name}: the output schema refuses the result with `{field}` dropped, renamed or retyped")


anyio.run(main)
