"""An independent MCP server for the audit's end-to-end check: the Python SDK's MCPServer (package `mcp` 2.3.0) with
its requestState seal configured as a real deployment would (shared keys, a short TTL) and a bearer token verifier
that knows two users of one OAuth client. Tools and a prompt ask for confirmation through resolvers, so the SDK mints,
seals and verifies every requestState itself.

    python python-seal-server.py --port 8001 --name py-bank --key <32+ bytes> --ttl 2

Tokens: `alice-token` and `bob-token` (client `audit-client`, issuer `http://issuer.test`, subjects alice and bob).
Two processes started with the same --key and different --name are two services sharing a key: the audience (the
server name) sets them apart.
"""

from __future__ import annotations

import argparse
from typing import Annotated

import uvicorn
from pydantic import BaseModel

from mcp_types import ElicitRequest, ElicitRequestFormParams, InputRequiredResult

from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.elicitation import render_elicitation_schema
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resolve import Elicit, Resolve
from mcp.server.request_state import RequestStateSecurity

USERS = {"alice-token": "alice", "bob-token": "bob"}


class StaticVerifier:
    """Two users of one OAuth client: the seal binds state to (client, issuer, subject)."""

    async def verify_token(self, token: str) -> AccessToken | None:
        subject = USERS.get(token)
        if subject is None:
            return None
        return AccessToken(
            token=token,
            client_id="audit-client",
            scopes=["mcp"],
            subject=subject,
            claims={"iss": "http://issuer.test"},
        )


class Confirm(BaseModel):
    confirm: bool


def ask_transfer(amount: int, to: str) -> Elicit[Confirm]:
    return Elicit(f"Transfer {amount} EUR to {to}?", Confirm)


def ask_close(account: str) -> Elicit[Confirm]:
    return Elicit(f"Close the account {account}?", Confirm)


def answer_of(ctx: Context, key: str) -> object | None:
    answer = (ctx.input_responses or {}).get(key)
    return getattr(answer, "action", None) or (answer.get("action") if isinstance(answer, dict) else None)


def build(name: str, key: str, ttl: float, port: int) -> MCPServer:
    base = f"http://127.0.0.1:{port}"
    server = MCPServer(
        name=name,
        token_verifier=StaticVerifier(),
        auth=AuthSettings(issuer_url="http://issuer.test", resource_server_url=f"{base}/mcp"),
        request_state_security=RequestStateSecurity(keys=[key], ttl=ttl),
    )

    @server.tool()
    def transfer_funds(
        ok: Annotated[Confirm, Resolve(ask_transfer)], amount: int = 120, to: str = "ACME"
    ) -> str:
        """Asks to confirm a transfer."""
        return f"Transferred {amount} EUR to {to}." if ok.confirm else "Transfer not confirmed."

    @server.tool()
    def close_account(ok: Annotated[Confirm, Resolve(ask_close)], account: str = "savings") -> str:
        """Asks to confirm closing an account."""
        return f"Closed the account {account}." if ok.confirm else "Account kept."

    @server.prompt()
    def statement(month: str, ctx: Context) -> str | InputRequiredResult:
        """Asks to confirm before listing the month (hand-built state, sealed by the SDK all the same)."""
        action = answer_of(ctx, "confirm")
        if ctx.request_state != "asked" or action is None:
            question = ElicitRequestFormParams(
                message=f"Show the statement of {month}?", requested_schema=render_elicitation_schema(Confirm)
            )
            return InputRequiredResult(
                input_requests={"confirm": ElicitRequest(params=question)}, request_state="asked"
            )
        return f"Statement of {month}: 3 movements." if action == "accept" else "No statement."

    return server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--ttl", type=float, default=600)
    args = parser.parse_args()
    app = build(args.name, args.key, args.ttl, args.port).streamable_http_app(json_response=True, stateless_http=True)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
