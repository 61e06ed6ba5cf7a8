"""The client: one method per API operation, made from the generated operations table."""

import email.utils
import inspect
import json
import keyword
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

API_BASE_PATH = "/api/v1"

with open(Path(__file__).parent / "generated" / "operations.json", encoding="utf-8") as _f:
    operations = json.load(_f)
"""Every operation of the API (generated from its OpenAPI document by ``npm run client:generate``)."""


class BahiError(Exception):
    """A refused or failed call: the API's problem status, code, detail and request id."""

    def __init__(self, status, code, detail, request_id=None, param=None, retry_after=None):
        super().__init__(f"{code} ({status}): {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.request_id = request_id
        self.param = param
        self.retry_after = retry_after


def _retry_after_seconds(value):
    """Retry-After as seconds (a number or an HTTP date), or None."""
    if value is None or not value.strip():
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - time.time())


def _python_name(name):
    """A parameter's name as a Python argument: ``from`` becomes ``from_``."""
    return f"{name}_" if keyword.iskeyword(name) else name


class Client:
    """A Bahi API client.

    api_key: your API key (default: the BAHI_API_KEY environment variable).
    base_url: the site's base URL (default: BAHI_BASE_URL, else http://localhost:3000).
    max_retries: how often a 429 answer is retried after its Retry-After (0: never).
    max_retry_delay: the longest wait for one retry, in seconds; a longer Retry-After is not waited for.
    """

    def __init__(self, api_key=None, base_url=None, *, timeout=30.0, max_retries=2, max_retry_delay=30.0):
        self.api_key = api_key or os.environ.get("BAHI_API_KEY")
        if not self.api_key:
            raise ValueError("Client needs an api_key (or the BAHI_API_KEY environment variable)")
        base = base_url or os.environ.get("BAHI_BASE_URL") or "http://localhost:3000"
        self.base_url = base.rstrip("/") + API_BASE_PATH
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self._sleep = time.sleep

    def request(self, operation, **args):
        """Calls an operation (operationId or snake_case name) with named arguments; the whole body."""
        op = _by_name.get(operation)
        if op is None:
            raise ValueError(f'Unknown operation "{operation}"')
        url = self.base_url + _request_path(op, args)
        req = urllib.request.Request(
            url,
            headers={
                "Authorization": f"Bearer {self.api_key}",
                "Accept": "application/json",
                "User-Agent": "bahi-python/0.1.0",
            },
        )
        attempt = 0
        while True:
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    return json.loads(res.read().decode("utf-8"))
            except urllib.error.HTTPError as err:
                error = _error_from(err)
                if err.code == 429 and attempt < self.max_retries:
                    wait = error.retry_after if error.retry_after is not None else 2**attempt
                    if wait <= self.max_retry_delay:
                        attempt += 1
                        self._sleep(wait)
                        continue
                raise error from None
            except urllib.error.URLError as err:
                raise BahiError(0, "connection_failed", f"{url} could not be reached: {err.reason}") from None

    def call(self, operation, **args):
        """Calls an operation with named arguments; the ``data`` part of the answer."""
        return self.request(operation, **args)["data"]

    def frame(self, operation, *args, **kwargs):
        """Calls an operation method and returns its data as a pandas DataFrame (see ``to_frame``)."""
        from .frames import to_frame

        return to_frame(getattr(self, _by_name[operation]["name"])(*args, **kwargs))


def _error_from(err):
    raw = err.read().decode("utf-8", "replace")
    try:
        body = json.loads(raw)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        body = {}
    return BahiError(
        err.code,
        body.get("code") or f"http_{err.code}",
        body.get("detail") or raw.strip()[:200] or str(err.reason),
        request_id=body.get("request_id") or err.headers.get("x-request-id"),
        param=body.get("param"),
        retry_after=_retry_after_seconds(err.headers.get("retry-after")),
    )


def _request_path(op, args):
    """The path and query string: path parameters fill the path, lists repeat their query parameter."""
    values = {name[:-1] if name.endswith("_") and keyword.iskeyword(name[:-1]) else name: v for name, v in args.items()}
    path = op["path"]
    query = []
    for p in op["parameters"]:
        value = values.pop(p["name"], None)
        if value is None:
            if p["required"]:
                raise TypeError(f'{op["name"]}() needs "{_python_name(p["name"])}"')
            continue
        if p["in"] == "path":
            path = path.replace("{" + p["name"] + "}", urllib.parse.quote(str(value), safe=""))
        else:
            for v in value if isinstance(value, (list, tuple)) else [value]:
                query.append((p["name"], _text(v)))
    if values:
        raise TypeError(f'{op["name"]}() got unexpected arguments: {", ".join(sorted(values))}')
    return path + ("?" + urllib.parse.urlencode(query) if query else "")


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "isoformat"):
        return value.isoformat()[:10]
    return str(value)


def _method(op):
    path_params = [p for p in op["parameters"] if p["in"] == "path"]
    query_params = [p for p in op["parameters"] if p["in"] == "query"]

    def method(self, *args, **kwargs):
        if len(args) > len(path_params):
            raise TypeError(f'{op["name"]}() takes {len(path_params)} positional arguments')
        named = dict(zip((p["name"] for p in path_params), args))
        for name in named:
            if name in kwargs:
                raise TypeError(f'{op["name"]}() got "{name}" twice')
        named.update(kwargs)
        return self.call(op["operationId"], **named)

    method.__name__ = op["name"]
    method.__qualname__ = f"Client.{op['name']}"
    lines = [op["summary"] + ".", "", op["description"], ""]
    for p in op["parameters"]:
        kind = "required" if p["required"] else "optional"
        lines.append(f'{_python_name(p["name"])} ({p["in"]}, {kind}): {p.get("description", "")}')
    lines += ["", 'Returns the "data" part of the answer.']
    method.__doc__ = "\n".join(lines)
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(_python_name(p["name"]), inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in path_params]
    params += [
        inspect.Parameter(
            _python_name(p["name"]),
            inspect.Parameter.KEYWORD_ONLY,
            default=inspect.Parameter.empty if p["required"] else None,
        )
        for p in query_params
    ]
    method.__signature__ = inspect.Signature(params)
    return method


_by_name = {}
for _op in operations:
    _by_name[_op["name"]] = _op
    _by_name[_op["operationId"]] = _op
    setattr(Client, _op["name"], _method(_op))
