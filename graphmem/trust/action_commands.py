"""Actions an agent writes as code, judged by what they run: a command line, a function call.

Agents act through tools, and a tool call comes in a handful of shapes. Each is read by its
own grammar; anything in it that this module does not know to read makes it a deed (the
guard fails closed):

* a shell line (``git status``, ``kubectl get pods | grep api``): every command of the
  pipeline must read; redirection, ``sudo`` and command substitution never do;
* PowerShell (``Get-Service | Where-Object Status -eq 'Stopped'``): every cmdlet's verb;
* SQL: a ``SELECT`` (or ``SHOW``, ``EXPLAIN``) that names no statement that writes;
* an HTTP request (``GET /v1/invoices``): its method;
* GraphQL: a ``query``, never a ``mutation``;
* a function call as JSON (``{"name": "list_events", "arguments": {...}}``), an MCP tool
  (``github__list_pull_requests {...}``) or a gRPC method (``pkg.LedgerService/ListEntries``):
  the tool's name, which :func:`graphmem.trust.actions.is_read_only` reads as an identifier.

:func:`command_verdict` says True (reads), False (acts) or None (no code shape: prose).
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable

from graphmem.trust.action_grammar import SHELL_KNOWN, SHELL_NAMES, SHELL_READ, SHELL_READ_ALONE

# ---- function calls, requests, queries ------------------------------------------------------

_HTTP = re.compile(r"^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE|TRACE|CONNECT)\s+(?:/|https?://)")
_HTTP_READ = frozenset({"GET", "HEAD", "OPTIONS"})
_GRAPHQL = re.compile(r"^(query|mutation|subscription)\b(?:\s+\w+)?\s*[({]")
_NAMED_CALL = re.compile(r"^([A-Za-z_][\w.\-]*(?:/[A-Za-z_]\w*)?)\s*(\{.*\})\s*$", re.DOTALL)
_SQL_START = re.compile(
    r"^(?:select|with|show|describe|desc|explain|insert|update|delete|merge|upsert|replace|"
    r"create|drop|alter|truncate|grant|revoke|call|exec|execute|copy|vacuum|set|lock)\b",
    re.IGNORECASE,
)
_SQL_READ_START = re.compile(r"^(?:select|with|show|describe|desc|explain)\b", re.IGNORECASE)
_SQL_WRITES = re.compile(
    r"\b(?:insert|update|delete|merge|upsert|replace|create|drop|alter|truncate|grant|revoke|"
    r"call|exec|execute|copy|vacuum|set|lock|into|analyze)\b|\bfor\s+update\b",
    re.IGNORECASE,
)
_SQL_STRINGS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"")
# PowerShell's approved verbs that only look or shape what they are given.
_PS_CMDLET = re.compile(r"^[A-Z][a-z]+-[A-Z]\w*$")  # Get-Service; not "Montre-moi"
_PS_READ_VERBS = frozenset(
    [
        "get",
        "select",
        "where",
        "sort",
        "measure",
        "test",
        "find",
        "search",
        "show",
        "format",
        "compare",
        "group",
        "resolve",
        "read",
        "convertto",
        "convertfrom",
        "out-string",
    ]
)
_PS_ALIASES_READ = frozenset({"where", "?", "select", "sort", "ls", "dir", "cat", "gci", "gc"})

Tool = Callable[[str], bool]  # a tool's name -> whether it reads


def command_verdict(text: str, tool: Tool) -> bool | None:
    """Whether the code ``text`` only reads; None when it is no code this module knows."""
    if (http := _HTTP.match(text)) is not None:
        return http.group(1) in _HTTP_READ
    if (graphql := _GRAPHQL.match(text)) is not None:
        return graphql.group(1) != "mutation"
    if text.startswith("{"):
        return _json_call(text, tool)
    if _SQL_START.match(text) and _written_as_sql(text):
        return _sql_reads(text)
    first = text.split(maxsplit=1)[0]
    if _PS_CMDLET.match(first):
        return _powershell_reads(text)
    if looks_like_shell(text):
        return shell_reads(text)
    if (call := _NAMED_CALL.match(text)) is not None and _is_json(call.group(2)):
        return tool(tool_method(call.group(1)))
    return None


def _written_as_sql(text: str) -> bool:
    """SQL as code, not "Select the cheapest flight from Lisbon and book it": its first
    keyword in capitals, or the statement closed by a semicolon."""
    first = text.split(maxsplit=1)[0]
    words = {w.casefold() for w in re.findall(r"[A-Za-z']+", _SQL_STRINGS.sub("''", text))}
    if words & _PROSE:  # "SELECT the invoices and pay them" is an order in capitals
        return False
    return first.isupper() or text.rstrip().endswith(";")


# Words a sentence has and SQL never does.
_PROSE = frozenset(
    [
        "the",
        "my",
        "me",
        "then",
        "please",
        "it",
        "your",
        "our",
        "i",
        "we",
        "you",
        "them",
        "this",
        "that",
    ]
)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _json_call(text: str, tool: Tool) -> bool | None:
    """A function call as JSON: ``name`` / ``tool`` / ``function.name``. Not JSON: GraphQL's
    shorthand query (``{ claims { id } }``) reads; anything else is no call."""
    try:
        call = json.loads(text)
    except ValueError:
        return True if re.match(r"^\{\s*\w+\s*[({]", text) else None
    if not isinstance(call, dict):
        return False
    name = call.get("name") or call.get("tool") or call.get("tool_name")
    function = call.get("function")
    if not name and isinstance(function, dict):
        name = function.get("name")
    return tool(tool_method(name)) if isinstance(name, str) and name.strip() else False


def tool_method(name: str) -> str:
    """The operation a qualified name calls: the method of ``pkg.Service/Method``, the tool of
    an MCP server's ``server__tool``."""
    name = name.strip().rsplit("/", 1)[-1]
    return name.split("__", 1)[1] if "__" in name.strip("_") else name


def _sql_reads(text: str) -> bool:
    for statement in (s.strip() for s in _SQL_STRINGS.sub("''", text).split(";")):
        if statement and (not _SQL_READ_START.match(statement) or _SQL_WRITES.search(statement)):
            return False
    return True


def _powershell_reads(text: str) -> bool:
    if _SHELL_WRITES.search(_unquoted(text)):
        return False
    for stage in text.split("|"):
        words = stage.split()
        if not words:
            return False
        name = words[0].casefold()
        verb = name.split("-", 1)[0]
        if name not in _PS_ALIASES_READ and verb not in _PS_READ_VERBS:
            return False
    return True


# ---- shell commands -------------------------------------------------------------------------

# Tools whose first argument says whether they read: ``git status`` reads, ``git push`` not.
_SHELL_SUBCOMMANDS: dict[str, frozenset[str]] = {
    "git": frozenset(
        [
            "status",
            "log",
            "diff",
            "show",
            "blame",
            "grep",
            "shortlog",
            "describe",
            "ls-files",
            "ls-tree",
        ]
    ),
    "kubectl": frozenset(
        [
            "get",
            "describe",
            "logs",
            "top",
            "explain",
            "version",
            "api-resources",
            "api-versions",
            "cluster-info",
        ]
    ),
    "docker": frozenset(["ps", "images", "logs", "inspect", "version", "info", "stats", "top"]),
    "npm": frozenset(["ls", "list", "view", "outdated", "search", "info"]),
    "pip": frozenset(["list", "show", "freeze", "search"]),
    "gh": frozenset(["status"]),
    "systemctl": frozenset(["status", "list-units", "list-timers", "is-active", "show"]),
    "brew": frozenset(["list", "info", "search", "outdated"]),
    "apt": frozenset(["list", "show", "search", "policy"]),
    "helm": frozenset(["list", "ls", "status", "history", "show", "search", "get", "version"]),
    "terraform": frozenset(["output", "show", "validate", "version", "providers", "graph"]),
}
# Two words that read where the first alone would not say ("kubectl rollout status").
_SHELL_PAIRS: dict[str, frozenset[tuple[str, str]]] = {
    "kubectl": frozenset(
        {("rollout", "status"), ("rollout", "history"), ("auth", "can-i"), ("config", "view"),
         ("config", "get-contexts"), ("config", "current-context")}
    ),
    "docker": frozenset(
        {(group, op) for group in ("image", "container", "network", "volume", "compose")
         for op in ("ls", "list", "ps", "inspect", "logs", "history")}
    ),
    "terraform": frozenset({("state", "list"), ("state", "show"), ("workspace", "list"),
                            ("workspace", "show")}),
}  # fmt: skip
# Cloud command lines: read when the operation only lists, describes, gets or reads logs.
_CLOUD = frozenset({"aws", "gcloud", "az"})
_CLOUD_READ = frozenset(["ls", "list", "describe", "get", "show", "read"])
_SHELL_SUBCOMMANDS.update({name: frozenset() for name in _CLOUD})
_SHELL_HINT = re.compile(r"(?:^|\s)(?:-{1,2}[A-Za-z]|~/|\./|/[\w.]+/)|[|><`$]|&&|;\s*\w")
_SHELL_WRITES = re.compile(r">|\btee\b|\bsudo\b|\bsu\b|`|\$\(")
_FIND_ACTS = re.compile(r"\s-(?:delete|exec|execdir|ok|okdir|fprint\w*|fls)\b")
_CURL_SENDS = re.compile(
    r"\s(?:-X\s*(?!GET\b)\w+|--request\s+(?!GET\b)\w+|-d\b|--data\S*|-F\b|--form\S*|-T\b|"
    r"--upload-file|-o\b|-O\b|--output|--remote-name|-K\b)"
)


def looks_like_shell(text: str) -> bool:
    """A command line: a known command, alone or with flags, paths or shell syntax."""
    words = text.split()
    first = words[0]
    if first in _SHELL_SUBCOMMANDS or first in SHELL_NAMES or first in ("gh", "redis-cli"):
        return True
    if first not in SHELL_READ and first not in SHELL_KNOWN and first not in SHELL_READ_ALONE:
        return False
    return (
        len(words) == 1 or bool(_SHELL_HINT.search(text)) or any(_path_like(w) for w in words[1:])
    )


def _path_like(word: str) -> bool:
    return word.startswith("-") or any(c in word for c in "/.~*=$")


_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")


def _unquoted(text: str) -> str:
    """The line with its quoted strings emptied: a ``>`` in a filter is no redirection (a
    ``$(...)`` inside double quotes still runs, so those quotes keep what they hold)."""
    return _QUOTED.sub(lambda m: m.group(0) if "$(" in m.group(0) else "''", text)


def shell_reads(text: str) -> bool:
    if _SHELL_WRITES.search(_unquoted(text)):
        return False
    try:  # quotes respected: a pipe inside a jq filter is no pipeline
        tokens = shlex.split(text, posix=True)
    except ValueError:
        return False  # unbalanced quotes: not a command this guard can read
    commands: list[list[str]] = [[]]
    for token in tokens:
        if token in ("|", "||", "&&", ";"):
            commands.append([])
        else:
            commands[-1].append(token)
    return all(_command_reads(words) for words in commands if words)


def _command_reads(words: list[str]) -> bool:
    name, args = words[0], words[1:]
    operations = [a for a in args if not a.startswith("-")]
    if name in SHELL_READ_ALONE:
        return not args
    if name == "find":
        return not _FIND_ACTS.search(" " + " ".join(args))
    if name in ("curl", "http", "httpie"):
        return not _CURL_SENDS.search(" " + " ".join(args))
    if name in _CLOUD:
        return len(operations) >= 2 and any(
            op.split("-")[0] in _CLOUD_READ for op in operations[1:3]
        )
    if name == "sed":
        return not any(a.startswith(("-i", "--in-place")) for a in args)
    if name == "crontab":
        return args == ["-l"]
    if name == "gh":
        return operations[:1] == ["status"] or (
            len(operations) >= 2 and operations[1] in ("list", "view", "status", "diff", "checks")
        )
    if name == "redis-cli":
        command = next((a.upper() for a in operations), "")
        return command in _REDIS_READ
    if tuple(operations[:2]) in _SHELL_PAIRS.get(name, frozenset()):
        return True
    if name in _SHELL_SUBCOMMANDS:
        if not operations or operations[0] not in _SHELL_SUBCOMMANDS[name]:
            return False
        return not (name == "git" and any(a in ("-D", "-d", "--delete", "-m", "-M") for a in args))
    return name in SHELL_READ


_REDIS_READ = frozenset(
    {"GET", "MGET", "KEYS", "SCAN", "TTL", "PTTL", "EXISTS", "TYPE", "STRLEN", "HGET",
     "HGETALL", "HKEYS", "HLEN", "LRANGE", "LLEN", "SMEMBERS", "SCARD", "ZRANGE", "ZCARD",
     "INFO", "DBSIZE", "PING"}
)  # fmt: skip
