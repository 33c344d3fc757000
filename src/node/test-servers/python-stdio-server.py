"""An independent stdio MCP server for the end-to-end checks of `mrtr-inspector --stdio`: the Python SDK's MCPServer
(package `mcp` 2.3.0) with tools that ask the client through the SDK's resolvers. The SDK picks the way to ask from the
revision the client speaks: a 2026-07-28 client gets `input_required` results (the answers ride the retry), a
2025-11-25 client gets `elicitation/create`, `sampling/createMessage` and `roots/list` requests pushed on stdout.

    python python-stdio-server.py
"""

from __future__ import annotations

from typing import Annotated

from mcp_types import CreateMessageResult, ListRootsResult, SamplingMessage, TextContent
from pydantic import BaseModel

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resolve import Elicit, ListRoots, Resolve, Sample


class Guest(BaseModel):
    name: str


def ask_guest(table: int) -> Elicit[Guest]:
    return Elicit(f"Who sits at table {table}?", Guest)


def ask_model(text: str) -> Sample:
    question = SamplingMessage(role="user", content=TextContent(type="text", text=f"Summarize in one line: {text}"))
    return Sample([question], max_tokens=64)


def ask_roots() -> ListRoots:
    return ListRoots()


def build() -> MCPServer:
    server = MCPServer(name="py-stdio")

    @server.tool()
    def seat_guest(guest: Annotated[Guest, Resolve(ask_guest)], table: int = 4) -> str:
        """Asks who sits at the table (form elicitation)."""
        return f"{guest.name} sits at table {table}."

    @server.tool()
    def summarize(reply: Annotated[CreateMessageResult, Resolve(ask_model)], text: str = "a long text") -> str:
        """Asks the client's model for a summary (sampling)."""
        content = reply.content
        said = content.text if isinstance(content, TextContent) else str(content)
        return f"Summary from {reply.model}: {said}"

    @server.tool()
    def count_roots(roots: Annotated[ListRootsResult, Resolve(ask_roots)]) -> str:
        """Asks which roots the client shares (roots/list)."""
        return f"{len(roots.roots)} root(s): " + ", ".join(str(r.uri) for r in roots.roots)

    return server


if __name__ == "__main__":
    build().run("stdio")
