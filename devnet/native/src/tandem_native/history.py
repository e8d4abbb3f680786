"""The history-service subset the wallet uses, in Hyperion v2 shapes, built from executed traces.

Each executed action becomes one Hyperion action document: the contract's own execution plus
its notifications merged into `receipts` / `notified`, like Hyperion indexes them.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from decimal import Decimal

from . import codec

PRODUCER = "eosio"
# Contract tables whose row changes are kept for `get_deltas` (code, scope, table). A real
# Hyperion indexes every table from the state-history plugin; the devnet keeps the ones the
# wallet reads back in time, read from the chain's own state after each transaction.
WATCHED_TABLES = [("eosio", "eosio", "rexpool")]


def _transfer_data(data: dict) -> dict:
    quantity = str(data.get("quantity", "0 ?"))
    amount, _, symbol = quantity.partition(" ")
    # Hyperion gives `amount` as a float; clients must use `quantity` for exact values.
    return {**data, "amount": float(Decimal(amount)), "symbol": symbol}


class History:
    def __init__(self, chain_reader):
        self.read = chain_reader  # DevChain, set after boot
        self.actions: list[dict] = []
        self.transactions: dict[str, dict] = {}
        self.deltas: list[dict] = []
        self._rows: dict[tuple, dict] = {}  # (code, scope, table, primary key) -> row as last recorded

    # --- indexing ---

    def record(self, trace: dict) -> None:
        docs: list[dict] = []
        for at in trace.get("action_traces", []):
            receipt = at.get("receipt") or {}
            act = at["act"]
            entry = {
                "receiver": at["receiver"],
                "global_sequence": str(receipt.get("global_sequence", 0)),
                "recv_sequence": str(receipt.get("recv_sequence", 0)),
                "auth_sequence": [{"account": a, "sequence": str(s)} for a, s in receipt.get("auth_sequence", [])],
            }
            own = next((d for d in reversed(docs) if d["_digest"] == receipt.get("act_digest")
                        and at["receiver"] != act["account"]), None)
            if own is not None:
                own["receipts"].append(entry)
                own["notified"].append(at["receiver"])
                continue
            docs.append(self._document(trace, at, act, entry, receipt.get("act_digest")))
        for doc in docs:
            doc.pop("_digest")
        self.actions.extend(docs)
        self.transactions[trace["id"]] = {"trace": trace, "actions": docs}
        if self.read is not None:
            self._record_deltas(trace)

    def _record_deltas(self, trace: dict) -> None:
        """The watched tables' rows that this transaction changed, as Hyperion delta documents
        stamped with its block: each row is read from the chain's state and compared with the
        last recorded copy (rows removed are recorded with `present: 0`)."""
        for code, scope, table in WATCHED_TABLES:
            try:
                rows = self.read.table(code, scope, table, show_payer=True)
            except Exception:  # noqa: BLE001 — no such table (yet): nothing to record
                continue
            seen = set()
            for index, entry in enumerate(rows):
                # The read API does not name a row's primary key; its position stands in (the
                # watched tables are singletons or keep their order).
                row, payer = entry["data"], entry["payer"]
                key = (code, scope, table, str(index))
                seen.add(key)
                if self._rows.get(key) != row:
                    self._rows[key] = row
                    self._add_delta(trace, key, payer, row, present=1)
            for key in [k for k in self._rows if k[:3] == (code, scope, table) and k not in seen]:
                self._add_delta(trace, key, code, self._rows.pop(key), present=0)

    def _add_delta(self, trace: dict, key: tuple, payer: str, row: dict, present: int) -> None:
        code, scope, table, primary_key = key
        stamp = trace["block_time"]
        # Hyperion's answers carry the block time as `timestamp` (its index's `@timestamp`, renamed).
        self.deltas.append({"timestamp": stamp, "present": present, "code": code,
                            "scope": scope, "table": table, "primary_key": primary_key, "payer": payer,
                            "block_num": trace["block_num"], "data": row})

    def _document(self, trace: dict, at: dict, act: dict, entry: dict, digest: str) -> dict:
        data = self.read.unpack_action_data(act["account"], act["name"], act["data"])
        if act["name"] == "transfer" and isinstance(data, dict) and "quantity" in data:
            data = _transfer_data(data)
        if act["account"] == "eosio" and act["name"] == "newaccount" and isinstance(data, dict):
            data = {**data, "newact": data.get("name")}
        stamp = trace["block_time"]
        receipt = trace.get("receipt") or {}
        return {
            "@timestamp": stamp, "timestamp": stamp, "block_num": trace["block_num"],
            "trx_id": trace["id"], "producer": PRODUCER,
            "act": {"account": act["account"], "name": act["name"],
                    "authorization": act["authorization"], "data": data},
            "receipts": [entry], "notified": [at["receiver"]],
            "global_sequence": int(entry["global_sequence"]),
            "action_ordinal": at["action_ordinal"], "creator_action_ordinal": at["creator_action_ordinal"],
            "cpu_usage_us": receipt.get("cpu_usage_us"), "net_usage_words": receipt.get("net_usage_words"),
            "account_ram_deltas": at.get("account_ram_deltas", []),
            "_digest": digest,
        }

    # --- helpers ---

    def _envelope(self, started: float, total: int | None = None, **body) -> dict:
        out = {"query_time_ms": round((time.perf_counter() - started) * 1000, 3), "cached": False,
               "lib": self.read.head()["last_irreversible_block_num"]}
        if total is not None:
            out["total"] = {"value": total, "relation": "eq"}
        out.update(body)
        return out

    def _with_block_id(self, doc: dict) -> dict:
        block_id = self.read.tester.chain.get_block_id_for_num(doc["block_num"])
        return {**doc, "block_id": block_id.to_string() if block_id else None}

    @staticmethod
    def _involves(doc: dict, account: str) -> bool:
        return account in doc["notified"] or any(a["actor"] == account for a in doc["act"]["authorization"])

    @staticmethod
    def _matches_filter(doc: dict, filters: str) -> bool:
        for one in filters.split(","):
            code, _, name = one.strip().partition(":")
            if code in ("*", doc["act"]["account"]) and name in ("", "*", doc["act"]["name"]):
                return True
        return False

    # --- v2/history ---

    def get_actions(self, params: dict) -> dict:
        started = time.perf_counter()
        docs = self.actions
        if params.get("account"):
            docs = [d for d in docs if self._involves(d, params["account"])]
        if params.get("filter"):
            docs = [d for d in docs if self._matches_filter(d, params["filter"])]
        for key in ("act.name", "act.account"):
            if params.get(key):
                wanted = set(params[key].split(","))
                docs = [d for d in docs if d["act"][key.split(".")[1]] in wanted]
        if params.get("notified"):
            wanted = set(params["notified"].split(","))
            docs = [d for d in docs if wanted & set(d["notified"])]
        if params.get("block_num"):
            docs = [d for d in docs if d["block_num"] == int(params["block_num"])]
        if params.get("after"):
            docs = [d for d in docs if _after(d, params["after"])]
        if params.get("before"):
            docs = [d for d in docs if not _after(d, params["before"], inclusive=True)]
        ascending = str(params.get("sort", "desc")) in ("asc", "1")
        ordered = docs if ascending else list(reversed(docs))
        skip, limit = int(params.get("skip", 0)), int(params.get("limit", 10))
        page = [self._with_block_id(d) for d in ordered[skip:skip + limit]]
        return self._envelope(started, total=len(docs), actions=page)

    def get_deltas(self, params: dict) -> dict:
        """Hyperion's filters: code, scope, table, payer, present; after / before (ISO time or block
        number, both inclusive); sort by block (desc by default); skip and limit (default 10)."""
        started = time.perf_counter()
        docs = self.deltas
        for key in ("code", "scope", "table", "payer", "primary_key"):
            if params.get(key):
                wanted = set(str(params[key]).split(","))
                docs = [d for d in docs if d[key] in wanted]
        if params.get("present") not in (None, ""):
            docs = [d for d in docs if d["present"] == int(params["present"])]
        if params.get("after"):
            docs = [d for d in docs if _position(d, params["after"]) >= _bound(params["after"])]
        if params.get("before"):
            docs = [d for d in docs if _position(d, params["before"]) <= _bound(params["before"])]
        ascending = str(params.get("sort", "desc")) in ("asc", "1")
        ordered = sorted(docs, key=lambda d: d["block_num"], reverse=not ascending)
        skip, limit = int(params.get("skip", 0)), int(params.get("limit", 10))
        page = [self._with_block_id(d) for d in ordered[skip:skip + limit]]
        return self._envelope(started, total=len(docs), deltas=page)

    def get_creator(self, account: str) -> dict | None:
        started = time.perf_counter()
        for doc in self.actions:
            data = doc["act"]["data"]
            if doc["act"]["name"] == "newaccount" and isinstance(data, dict) and data.get("name") == account:
                creator = data["creator"]
                return self._envelope(started, account=account, creator=creator, timestamp=doc["timestamp"],
                                      block_num=doc["block_num"], trx_id=doc["trx_id"], indirect_creator=[])
        return None

    def get_transaction(self, trx_id: str) -> dict:
        started = time.perf_counter()
        found = self.transactions.get(trx_id)
        actions = [self._with_block_id(d) for d in found["actions"]] if found else []
        return self._envelope(started, executed=bool(found), trx_id=trx_id, cached_lib=False, actions=actions)

    def get_transaction_v1(self, trx_id: str) -> dict | None:
        found = self.transactions.get(trx_id)
        if not found:
            return None
        trace = found["trace"]
        return {"id": trx_id, "block_num": trace["block_num"], "block_time": trace["block_time"],
                "last_irreversible_block": self.read.head()["last_irreversible_block_num"],
                "trx": {"receipt": trace.get("receipt")}, "traces": trace["action_traces"]}

    # --- v2/state ---

    def token_contracts(self) -> list[str]:
        created = [d["act"]["account"] for d in self.actions if d["act"]["name"] == "create"
                   and isinstance(d["act"]["data"], dict) and "maximum_supply" in d["act"]["data"]]
        return list(dict.fromkeys(["eosio.token", *created]))

    def tokens(self, account: str) -> list[dict]:
        out = []
        for contract in self.token_contracts():
            for balance in self.read.read("get_currency_balance", code=contract, account=account):
                amount, symbol = balance.split(" ")
                precision = len(amount.partition(".")[2])
                out.append({"symbol": symbol, "precision": precision, "amount": float(Decimal(amount)),
                            "contract": contract})
        return out

    def get_tokens(self, account: str) -> dict:
        started = time.perf_counter()
        return self._envelope(started, account=account, tokens=self.tokens(account))

    def links(self, account: str) -> list[dict]:
        current: dict[tuple, dict] = {}
        for doc in self.actions:
            data = doc["act"]["data"]
            if doc["act"]["account"] != "eosio" or not isinstance(data, dict) or data.get("account") != account:
                continue
            key = (data.get("code"), data.get("type"))
            if doc["act"]["name"] == "linkauth":
                current[key] = {"block_num": doc["block_num"], "timestamp": doc["timestamp"], "account": account,
                                "permission": data["requirement"], "code": data["code"], "action": data["type"],
                                "irreversible": True}
            elif doc["act"]["name"] == "unlinkauth":
                current.pop(key, None)
        return list(current.values())

    def get_links(self, account: str) -> dict:
        started = time.perf_counter()
        links = self.links(account)
        return self._envelope(started, total=len(links), links=links)

    def get_account(self, account: str) -> dict:
        started = time.perf_counter()
        recent = [d for d in reversed(self.actions) if self._involves(d, account)][:10]
        return self._envelope(started, account=self.read.read("get_account", account_name=account),
                              links=self.links(account), tokens=self.tokens(account),
                              total_actions=len(recent), actions=recent)

    def known_accounts(self) -> list[str]:
        created = [d["act"]["data"]["name"] for d in self.actions
                   if d["act"]["name"] == "newaccount" and isinstance(d["act"]["data"], dict)]
        return ["eosio", *created]

    def key_accounts(self, public_key: str) -> tuple[list[str], list[dict]]:
        wanted = codec.public_key_from_text(public_key)
        names, permissions = [], []
        for account in self.known_accounts():
            for perm in self.read.read("get_account", account_name=account)["permissions"]:
                keys = [codec.public_key_from_text(k["key"]) for k in perm["required_auth"]["keys"]]
                if wanted in keys:
                    if account not in names:
                        names.append(account)
                    permissions.append({"owner": account, "name": perm["perm_name"], "parent": perm["parent"],
                                        "auth": perm["required_auth"], "present": True})
        return names, permissions

    def get_proposals(self, params: dict) -> dict:
        started = time.perf_counter()
        found = []
        for doc in self.actions:
            data = doc["act"]["data"]
            if doc["act"]["account"] != "eosio.msig" or doc["act"]["name"] != "propose":
                continue
            found.append(self._proposal(doc, data))
        for key in ("proposer", "proposal"):
            if params.get(key):
                field = "proposer" if key == "proposer" else "proposal_name"
                found = [p for p in found if p[field] == params[key]]
        for key in ("requested", "provided"):
            if params.get(key):
                field = f"{key}_approvals"
                found = [p for p in found if any(a["actor"] == params[key] for a in p[field])]
        if params.get("executed") is not None and params.get("executed") != "":
            want = str(params["executed"]).lower() == "true"
            found = [p for p in found if p["executed"] == want]
        skip, limit = int(params.get("skip", 0)), int(params.get("limit", 10))
        return self._envelope(started, total=len(found), proposals=found[skip:skip + limit])

    def _proposal(self, doc: dict, data: dict) -> dict:
        proposer, name = data["proposer"], data["proposal_name"]
        rows = self.read.table("eosio.msig", proposer, "proposal", lower_bound=name, upper_bound=name)
        approvals = self.read.table("eosio.msig", proposer, "approvals2", lower_bound=name, upper_bound=name)
        executed = any(d["act"]["account"] == "eosio.msig" and d["act"]["name"] == "exec"
                       and d["act"]["data"].get("proposal_name") == name
                       and d["act"]["data"].get("proposer") == proposer for d in self.actions)
        trx = data["trx"]
        if rows:
            trx = codec.Transaction.unpack(bytes.fromhex(rows[0]["packed_transaction"])).to_json()

        def levels(items):
            return [{"actor": a["level"]["actor"], "permission": a["level"]["permission"], "time": a["time"]}
                    for a in items]

        approval = approvals[0] if approvals else {"requested_approvals": [], "provided_approvals": []}
        return {"proposal_name": name, "proposer": proposer, "expiration": trx["expiration"],
                "executed": executed, "block_num": doc["block_num"], "primary_key": str(codec.name_to_u64(name)),
                "trx": trx, "requested_approvals": levels(approval["requested_approvals"]),
                "provided_approvals": levels(approval["provided_approvals"]), "version": 0}


def _after(doc: dict, bound: str, inclusive: bool = False) -> bool:
    if bound.isdigit():
        return doc["block_num"] >= int(bound) if inclusive else doc["block_num"] > int(bound)
    stamp, limit = doc["timestamp"], bound.rstrip("Z")
    return stamp >= limit if inclusive else stamp > limit


def _is_block(bound: str) -> bool:
    return str(bound).isdigit()


def _bound(bound: str) -> float:
    """A block number, or an ISO time (with or without `Z` and milliseconds) in seconds."""
    return int(bound) if _is_block(bound) else _seconds(str(bound))


def _position(doc: dict, bound: str) -> float:
    return doc["block_num"] if _is_block(bound) else _seconds(doc["timestamp"])


def _seconds(stamp: str) -> float:
    text = stamp.rstrip("Z")
    layout = "%Y-%m-%dT%H:%M:%S.%f" if "." in text else "%Y-%m-%dT%H:%M:%S"
    return datetime.strptime(text, layout).replace(tzinfo=timezone.utc).timestamp()
