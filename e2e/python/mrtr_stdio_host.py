"""A desktop host for the tap journeys: the Python SDK's `Client` over stdio, with its MRTR auto-loop.

Launches the command given (the inspector's tap in front of a server, as a host's config would), prints
{"ready": true} once connected, then for each amount read from its stdin calls `approve`, answers the confirmation
through `elicitation_callback`, and prints one JSON line: {"text": ...} on success, {"error": {"code", "message"}} on
a JSON-RPC error. It ends when its stdin does. The environment it passes on is the one it runs in.

Usage: python mrtr_stdio_host.py <command> [args...]
"""

import json
import os
import sys

import anyio

from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp import types


async def confirm(context, params):
    return types.ElicitResult(action="accept", content={"confirm": True})


def _mcp_error(raised: BaseException) -> MCPError | None:
    if isinstance(raised, MCPError):
        return raised
    if isinstance(raised, BaseExceptionGroup):
        for inner in raised.exceptions:
            found = _mcp_error(inner)
            if found is not None:
                return found
    return None


async def call(client: Client, amount: int) -> None:
    try:
        result = await client.call_tool("approve", {"amount": amount})
        text = "".join(getattr(c, "text", "") for c in result.content)
        print(json.dumps({"text": text, "isError": bool(result.is_error)}), flush=True)
    except (MCPError, BaseExceptionGroup) as raised:
        error = _mcp_error(raised)
        if error is None:
            raise
        print(json.dumps({"error": {"code": error.error.code, "message": error.error.message}}), flush=True)


async def main(command: str, args: list[str]) -> None:
    server = StdioServerParameters(command=command, args=args, env=dict(os.environ))
    async with Client(
        server,
        elicitation_callback=confirm,
        client_info=types.Implementation(name="py-stdio-host", version="2.3.0"),
    ) as client:
        await client.list_tools()
        print(json.dumps({"ready": True}), flush=True)
        while line := await anyio.to_thread.run_sync(sys.stdin.readline):
            await call(client, int(line))


if __name__ == "__main__":
    anyio.run(main, sys.argv[1], sys.argv[2:])
