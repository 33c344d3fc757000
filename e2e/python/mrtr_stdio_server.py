"""An independent stdio MCP server for the tap journeys: the Python SDK's MCPServer with one MRTR tool.

`approve(amount)` asks the user to confirm (a 2026-07-28 client gets `input_required` and retries with the answer and
the sealed requestState), then answers "Approved <amount>". The state is sealed with a process-local key: a state
changed by one character is refused with -32602, and the SDK logs the reason on stderr
(`requestState rejected on tools/call: seal`).

Usage: python mrtr_stdio_server.py
"""

from typing import Annotated

from pydantic import BaseModel

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resolve import Elicit, Resolve
from mcp.server.request_state import RequestStateSecurity


class Confirm(BaseModel):
    confirm: bool


def ask_confirm(amount: int) -> Elicit[Confirm]:
    return Elicit(f"Approve a payment of {amount}?", Confirm)


server = MCPServer("py-approve-stdio", request_state_security=RequestStateSecurity.ephemeral())


@server.tool()
def approve(amount: int, answer: Annotated[Confirm, Resolve(ask_confirm)]) -> str:
    """Approve a payment after the user confirms it."""
    return f"Approved {amount}" if answer.confirm else f"Not approved {amount}"


if __name__ == "__main__":
    server.run("stdio")
