"""An independent MCP server for the proxy journeys: the Python SDK's MCPServer with one MRTR tool.

`approve(amount)` asks the user to confirm (an elicitation, so a 2026-07-28 client gets `input_required` and retries
with the answer and the sealed requestState), then answers "Approved <amount>". The requestState is sealed with a
process-local key: a state changed by one character is refused with -32602.

Usage: python mrtr_server.py <port>
"""

import sys
from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resolve import Elicit, Resolve
from mcp.server.request_state import RequestStateSecurity


class Confirm(BaseModel):
    confirm: bool


def ask_confirm(amount: int) -> Elicit[Confirm]:
    return Elicit(f"Approve a payment of {amount}?", Confirm)


server = MCPServer("py-approve", request_state_security=RequestStateSecurity.ephemeral())


@server.tool()
def approve(amount: int, answer: Annotated[Confirm, Resolve(ask_confirm)]) -> str:
    """Approve a payment after the user confirms it."""
    return f"Approved {amount}" if answer.confirm else f"Not approved {amount}"


if __name__ == "__main__":
    import anyio

    port = int(sys.argv[1])
    print(f"py server on {port}", flush=True)
    anyio.run(lambda: server.run_streamable_http_async(host="127.0.0.1", port=port))
