"""An independent MCP client for the proxy journeys: the Python SDK's `Client` and its MRTR auto-loop.

Calls `approve` on the URL given (the inspector's proxy), answering the confirmation through `elicitation_callback`,
and prints one JSON line: {"text": ...} on success, {"error": {"code", "message"}} on a JSON-RPC error.

Usage: python mrtr_client.py <url> [amount]
"""

import json
import sys

import anyio

from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp import types


async def confirm(context, params):
    return types.ElicitResult(action="accept", content={"confirm": True})


async def main(url: str, amount: int) -> None:
    try:
        async with Client(
            url,
            elicitation_callback=confirm,
            client_info=types.Implementation(name="py-watch-client", version="2.3.0"),
        ) as client:
            result = await client.call_tool("approve", {"amount": amount})
            text = "".join(getattr(c, "text", "") for c in result.content)
            print(json.dumps({"text": text, "isError": bool(result.is_error)}), flush=True)
    except (MCPError, BaseExceptionGroup) as raised:
        error = _mcp_error(raised)
        if error is None:
            raise
        print(json.dumps({"error": {"code": error.error.code, "message": error.error.message}}), flush=True)


def _mcp_error(raised: BaseException) -> MCPError | None:
    """The JSON-RPC error in what the call raised (the client's task group wraps it in an exception group)."""
    if isinstance(raised, MCPError):
        return raised
    if isinstance(raised, BaseExceptionGroup):
        for inner in raised.exceptions:
            found = _mcp_error(inner)
            if found is not None:
                return found
    return None


if __name__ == "__main__":
    anyio.run(main, sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
