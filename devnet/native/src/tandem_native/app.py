"""HTTP routes: the node's /v1/chain API, the Hyperion v2 subset, and the fee sponsor.

Handlers are `async def` on purpose: they then run on the event-loop thread, the same thread
that owns the chain (the controller must not be touched from FastAPI's thread pool).
"""

from __future__ import annotations

import asyncio
import json
import re

from fastapi import FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, Response

from . import codec
from .history import History
from .node import ChainError, DevChain
from .relay import EvmRelay
from .sponsor import Sponsor

# The devnet's token list: TLOS and SEEDS, as on Telos; TDM is deliberately not listed (an unlisted
# token shows as such).
TOKEN_LIST = [
    {"name": "Telos", "symbol": "TLOS", "account": "eosio.token", "precision": 4, "colour": "#571AFF"},
    {"name": "SEEDS", "symbol": "SEEDS", "account": "token.seeds", "precision": 4, "colour": "#2E8B57"},
]


# The longest step `POST /_devnet/blocks` moves the chain's clock (60 days).
MAX_SKIP_SECONDS = 60 * 86_400

# What the product API's `apy/native` answered when recorded.
RECORDED_REX_APY = "10.78"


def logo_svg(symbol: str, colour: str) -> str:
    """A round logo with the symbol's first letter."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">'
            f'<circle cx="32" cy="32" r="32" fill="{colour}"/>'
            f'<text x="32" y="42" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" '
            f'text-anchor="middle">{symbol[0]}</text></svg>')

# Read calls answered by the node's own chain API (JSON in, JSON out).
READ_CALLS = {
    "get_info", "get_account", "get_abi", "get_raw_abi", "get_code", "get_code_hash", "get_raw_code_and_abi",
    "get_currency_balance", "get_currency_stats", "get_table_rows", "get_table_by_scope", "get_block",
    "get_block_header_state", "get_producers", "get_producer_schedule", "get_required_keys",
    "abi_json_to_bin", "abi_bin_to_json", "get_activated_protocol_features", "get_transaction_id",
}
# HTTP status and message per fc exception code, as nodeos's http_plugin maps them.
STATUS_BY_CODE = {
    3090003: (401, "UnAuthorized"),  # unsatisfied_authorization
    3040008: (409, "Conflict"),  # tx_duplicate
    3100002: (400, "Unknown Block"),  # unknown_block_exception
    3060002: (400, "Account lookup"),  # account_query_exception
    3200006: (400, "Invalid Request"),  # invalid_http_request
}


def _format(template: str, data: dict) -> str:
    """fc's `${key}` substitution: strings as they are, other values as JSON."""
    def value(match: re.Match) -> str:
        if match[1] not in data:
            return match[0]
        found = data[match[1]]
        return found if isinstance(found, str) else json.dumps(found)

    return re.sub(r"\$\{([^}]+)\}", value, template)


def node_error(error: dict) -> JSONResponse:
    """nodeos's error body: {code, message, error{code, name, what, details[]}}."""
    status, message = STATUS_BY_CODE.get(error.get("code"), (500, "Internal Service Error"))
    details = [{"message": _format(s.get("format", ""), s.get("data", {})),
                "file": s.get("context", {}).get("file", ""), "line_number": s.get("context", {}).get("line", 0),
                "method": s.get("context", {}).get("method", "")} for s in error.get("stack", [])]
    body = {"code": status, "message": message, "error": {
        "code": error.get("code", 0), "name": error.get("name", "exception"),
        "what": error.get("message", "unspecified"), "details": details}}
    return JSONResponse(body, status_code=status)


def _invalid_request(text: str) -> JSONResponse:
    return node_error({"code": 3200006, "name": "invalid_http_request", "message": "invalid http request",
                       "stack": [{"format": text, "data": {}, "context": {}}]})


def raw_json(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


async def _body(request: Request) -> dict:
    raw = await request.body()
    if not raw.strip():
        return {}
    parsed = json.loads(raw)
    if not isinstance(parsed, dict):
        raise ValueError("body must be a JSON object")
    return parsed


async def _params(request: Request) -> dict:
    """Hyperion accepts GET query parameters; POST JSON bodies are merged in."""
    params = dict(request.query_params)
    if request.method == "POST":
        params.update(await _body(request))
    return params


def create_app(chain: DevChain, history: History, sponsor: Sponsor, relay: EvmRelay) -> FastAPI:
    app = FastAPI(title="Tandem native devnet", docs_url=None, redoc_url=None, openapi_url=None)
    # Public Antelope RPC nodes answer browsers from any origin (wallet pages read get_info,
    # get_block and ABIs directly); the devnet does the same so a wallet page can use it.
    app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET", "POST"], allow_headers=["*"])

    def push(body: dict) -> Response:
        try:
            packed = codec.pack_packed_transaction(
                body.get("signatures", []), bytes.fromhex(body["packed_trx"]),
                bytes.fromhex(body.get("packed_context_free_data") or ""),
                0 if body.get("compression") in (None, 0, "none") else 1)
        except (KeyError, ValueError, TypeError) as error:
            return _invalid_request(f"invalid packed transaction: {error}")
        try:
            trace = chain.push_packed(packed)
        except ChainError as error:
            return node_error(error.error)
        chain.produce_block()  # so the transaction is in a block and the head moves at once
        return JSONResponse({"transaction_id": trace["id"], "processed": trace}, status_code=202)

    @app.api_route("/v1/chain/{call}", methods=["GET", "POST"])
    async def chain_call(call: str, request: Request):
        try:
            body = await _body(request)
        except ValueError as error:
            return _invalid_request(str(error))
        if call in ("push_transaction", "send_transaction", "send_transaction2"):
            return push(body.get("transaction", body) if call == "send_transaction2" else body)
        if call not in READ_CALLS:
            return not_found()
        try:
            return raw_json(chain.read_api(call, body))
        except ChainError as error:
            return node_error(error.error)

    @app.api_route("/v1/history/get_key_accounts", methods=["POST"])
    async def key_accounts_v1(request: Request):
        names, _ = history.key_accounts((await _body(request)).get("public_key", ""))
        return {"account_names": names}

    @app.api_route("/v1/history/get_transaction", methods=["POST"])
    async def transaction_v1(request: Request):
        found = history.get_transaction_v1((await _body(request)).get("id", ""))
        return found if found else not_found("transaction not found")

    @app.api_route("/v2/history/{call}", methods=["GET", "POST"])
    async def history_call(call: str, request: Request):
        params = await _params(request)
        if call == "get_actions":
            return history.get_actions(params)
        if call == "get_creator":
            found = history.get_creator(params.get("account", ""))
            return found if found else hyperion_error(404, "account not found")
        if call == "get_transaction":
            return history.get_transaction(params.get("id", ""))
        if call == "get_deltas":
            try:
                return history.get_deltas(params)
            except ValueError as error:  # a bound that is neither a time nor a block number
                return hyperion_error(400, str(error))
        return hyperion_error(404, f"Route GET:/v2/history/{call} not found")

    @app.api_route("/v2/state/{call}", methods=["GET", "POST"])
    async def state_call(call: str, request: Request):
        params = await _params(request)
        try:
            if call == "get_tokens":
                return history.get_tokens(params.get("account", ""))
            if call == "get_account":
                return history.get_account(params.get("account", ""))
            if call == "get_links":
                return history.get_links(params.get("account", ""))
            if call == "get_proposals":
                return history.get_proposals(params)
            if call == "get_key_accounts":
                names, permissions = history.key_accounts(params.get("public_key", ""))
                details = str(params.get("details", "")).lower() == "true"
                return {"account_names": names, **({"permissions": permissions} if details else {})}
        except ChainError as error:
            return hyperion_error(400, error.error.get("message", "chain error"))
        except codec.CodecError as error:
            return hyperion_error(400, str(error))
        return hyperion_error(404, f"Route GET:/v2/state/{call} not found")

    @app.get("/v2/health")
    async def health():
        info = chain.head()
        return {"version": "devnet", "health": [{"service": "NodeosRPC", "status": "OK", "service_data": {
            "head_block_num": info["head_block_num"], "head_block_time": info["head_block_time"]}}]}

    # --- the network's token list (the shape of the token-list repository's tokens.{network}.json) ---

    @app.get("/tokens/tokens.json")
    async def token_list(request: Request):
        base = str(request.base_url).rstrip("/")
        return [{"name": e["name"], "symbol": e["symbol"], "account": e["account"], "precision": e["precision"],
                 "logo": f"{base}/tokens/logos/{e['symbol'].lower()}.svg"} for e in TOKEN_LIST]

    @app.get("/tokens/logos/{symbol}.svg")
    async def token_logo(symbol: str):
        entry = next((e for e in TOKEN_LIST if e["symbol"].lower() == symbol.lower()), None)
        if entry is None:
            return not_found("no such logo")
        return Response(logo_svg(entry["symbol"], entry["colour"]), media_type="image/svg+xml")

    # --- the product API's REX APY (recorded: a plain number as text, like api.telos.net/v1) ---

    @app.get("/product-api/apy/native")
    async def rex_apy():
        return Response(RECORDED_REX_APY, media_type="text/plain")

    @app.get("/fuel")
    async def sponsor_available():
        return {"ok": True, "account": sponsor.account}

    @app.post("/fuel/v1/resource_provider/request_transaction")
    async def sponsor_request(request: Request):
        if sponsor.delay_seconds > 0:
            await asyncio.sleep(sponsor.delay_seconds)  # the event loop (and the chain) keep running
        if sponsor.behaviour == "fail":
            return Response("Internal Server Error", status_code=500, media_type="text/plain")
        try:
            body = await _body(request)
        except ValueError as error:
            return JSONResponse({"code": 400, "message": "Invalid JSON", "error": str(error)}, status_code=400)
        status, answer = sponsor.request(body)
        return JSONResponse(answer, status_code=status)

    # --- test controls (a local devnet only; nothing like them exists on a real node) ---

    @app.post("/_devnet/sponsor")
    async def control_sponsor(request: Request):
        """{behaviour: normal | fail | slow | tamper, delaySeconds?}: how the sponsor answers from now on."""
        try:
            body = await _body(request)
            behaviour = str(body.get("behaviour", "normal"))
            delay = float(body.get("delaySeconds", 0))
            sponsor.misbehave(behaviour, delay if behaviour == "slow" else 0.0)
        except (ValueError, TypeError) as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        return {"behaviour": sponsor.behaviour, "delaySeconds": sponsor.delay_seconds}

    @app.post("/_devnet/blocks")
    async def control_blocks(request: Request):
        """{count?, skipSeconds?, timer?, deferred?}: produces `count` blocks at once, moves the chain's
        clock ahead, pauses ("paused") or resumes ("running") the half-second block timer, or makes
        blocks skip ("skip") or run ("run") the deferred transactions that are due."""
        try:
            body = await _body(request)
            count, skip = int(body.get("count", 0)), int(body.get("skipSeconds", 0))
            timer, deferred = body.get("timer"), body.get("deferred")
            if timer not in (None, "paused", "running"):
                raise ValueError("timer must be paused or running")
            if deferred not in (None, "run", "skip"):
                raise ValueError("deferred must be run or skip")
        except (ValueError, TypeError) as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        if timer is not None:
            chain.timer_paused = timer == "paused"
        if deferred is not None:
            chain.tester.run_deferred = deferred == "run"
        # Up to 60 days at once: a test of a 30-day window moves the clock past it in one step.
        if not (0 <= count <= 10_000 and 0 <= skip <= MAX_SKIP_SECONDS):
            return JSONResponse({"error": f"count must be 0..10000 and skipSeconds 0..{MAX_SKIP_SECONDS}"},
                                status_code=400)
        if skip:
            chain.skip_time(skip)
        for _ in range(count):
            chain.produce_block()
        info = chain.head()
        return {"headBlockNum": info["head_block_num"], "headBlockTime": info["head_block_time"],
                "timer": "paused" if chain.timer_paused else "running",
                "deferred": "run" if chain.tester.run_deferred else "skip"}

    @app.post("/_devnet/sellram")
    async def control_sellram(request: Request):
        """{account, bytes}: the account sells that much of its RAM (signed with its devnet key), so a
        test can meet an account short of RAM the way a real one gets there."""
        try:
            body = await _body(request)
            account, ram_bytes = str(body["account"]), int(body["bytes"])
        except (KeyError, ValueError, TypeError) as error:
            return JSONResponse({"error": f"{{account, bytes}} expected: {error}"}, status_code=400)
        if not 0 < ram_bytes <= 1_048_576:
            return JSONResponse({"error": "bytes must be 1..1048576"}, status_code=400)
        try:
            # A no-op authorised by eosio first: eosio pays the CPU and NET (only the first
            # authoriser is billed), so an account without staked resources can sell too.
            chain.push(chain.action("greymassnoop", "noop", "{}", "eosio@active"),
                       chain.action("eosio", "sellram", {"account": account, "bytes": ram_bytes}, f"{account}@active"))
        except ChainError as error:
            return JSONResponse({"error": str(getattr(error, "error", error))}, status_code=400)
        info = chain.read("get_account", account_name=account)
        return {"account": account, "ramQuota": info["ram_quota"], "ramUsage": info["ram_usage"]}

    @app.get("/_devnet/evm-relay")
    async def relay_status():
        """The devnet EVM relay: {running, evmRpcUrl, carried, pending, reservedPrefix}."""
        return relay.status()

    @app.post("/_devnet/evm-relay")
    async def control_relay(request: Request):
        """{evmRpcUrl: "http://127.0.0.1:…"} starts the devnet EVM relay toward that anvil (moves made
        before, the seed's included, are carried first); {evmRpcUrl: null} stops it."""
        try:
            body = await _body(request)
        except ValueError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        url = body.get("evmRpcUrl")
        if url is None:
            await relay.stop()
            return relay.status()
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            return JSONResponse({"error": "evmRpcUrl must be the EVM devnet's http(s) JSON-RPC URL, or null to stop"},
                                status_code=400)
        try:
            await relay.start(url)
        except (OSError, ValueError, RuntimeError) as error:
            return JSONResponse({"error": f"the EVM devnet at {url} does not answer eth_chainId ({error}); "
                                          "start it first"}, status_code=400)
        return relay.status()

    @app.exception_handler(404)
    async def unknown(_request, _exc):
        return not_found()

    return app


def not_found(what: str = "Unknown Endpoint") -> JSONResponse:
    body = {"code": 404, "message": "Not Found", "error": {
        "code": 0, "name": "exception", "what": "unspecified",
        "details": [{"message": what, "file": "http_plugin.cpp", "line_number": 0, "method": "handle_http_request"}]}}
    return JSONResponse(body, status_code=404)


def hyperion_error(status: int, message: str) -> JSONResponse:
    names = {400: "Bad Request", 404: "Not Found"}
    return JSONResponse({"statusCode": status, "error": names.get(status, "Error"), "message": message},
                        status_code=status)
