"""Tests of the Python client. The live tests need a running server: BAHI_BASE_URL and
BAHI_API_KEY (a paid key, so every operation answers), and BAHI_BASIC_KEY (a Basic-plan key).
`npm test` starts one and runs these (apps/server/src/clients/clients-live.test.ts)."""

import json
import os
import sys
import threading
import unittest
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bahi import BahiError, Client, operations, to_frame  # noqa: E402

try:
    import pandas
except ImportError:  # pragma: no cover - depends on the machine
    pandas = None

BASE_URL = os.environ.get("BAHI_BASE_URL")
API_KEY = os.environ.get("BAHI_API_KEY")
BASIC_KEY = os.environ.get("BAHI_BASIC_KEY")
live = unittest.skipUnless(BASE_URL and API_KEY and BASIC_KEY, "needs BAHI_BASE_URL, BAHI_API_KEY and BAHI_BASIC_KEY")


def documented_examples():
    """Each operation's example arguments, from the served OpenAPI document."""
    with urllib.request.urlopen(BASE_URL.rstrip("/") + "/openapi.json") as res:
        doc = json.load(res)
    examples = {}
    for item in doc["paths"].values():
        op = item["get"]
        examples[op["operationId"]] = {
            p["name"]: p["example"] for p in op.get("parameters", []) if "example" in p and p["name"] != "token"
        }
    return examples


@live
class LiveTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = Client(api_key=API_KEY, base_url=BASE_URL)
        cls.basic = Client(api_key=BASIC_KEY, base_url=BASE_URL)
        cls.examples = documented_examples()

    def test_every_operation_once(self):
        called = []
        for op in operations:
            args = dict(self.examples.get(op["operationId"], {}))
            args.pop("format", None)
            path_args = [args.pop(p["name"]) for p in op["parameters"] if p["in"] == "path"]
            kwargs = {("from_" if k == "from" else k): v for k, v in args.items()}
            with self.subTest(operation=op["name"]):
                data = getattr(self.client, op["name"])(*path_args, **kwargs)
                self.assertIsInstance(data, (list, dict))
                called.append(op["name"])
        self.assertEqual(len(called), len(operations))

    def test_method_names_and_arguments(self):
        profile = self.client.company_profile("ITC")
        self.assertEqual(profile["symbol"], "ITC")
        quotes = self.client.daily_quotes("RELIANCE", from_="2024-10-21", to="2024-10-31")
        self.assertTrue(quotes)
        self.assertTrue(all("2024-10-21" <= q["date"] <= "2024-10-31" for q in quotes))
        both = self.client.quote(symbol=["ITC", "HDFCBANK"])
        self.assertEqual(sorted(q["symbol"] for q in both), ["HDFCBANK", "ITC"])

    def test_errors_carry_status_code_detail_and_request_id(self):
        with self.assertRaises(BahiError) as unknown:
            self.client.company_profile("NOSUCHCO")
        self.assertEqual((unknown.exception.status, unknown.exception.code), (404, "not_found"))
        self.assertIn("NOSUCHCO", unknown.exception.detail)
        self.assertTrue(unknown.exception.request_id)

        outsider = next(s["symbol"] for s in self.basic.stock_symbols() if s["symbol"] not in ("ITC", "RELIANCE", "HDFCBANK"))
        with self.assertRaises(BahiError) as forbidden:
            self.basic.company_profile(outsider)
        self.assertEqual((forbidden.exception.status, forbidden.exception.code), (403, "forbidden"))

        with self.assertRaises(BahiError) as bad:
            self.client.stock_search(group="planet", value="x")
        self.assertEqual((bad.exception.status, bad.exception.code), (400, "bad_request"))

        with self.assertRaises(BahiError) as refused:
            Client(api_key="bahi_NotAKeyAtAllButShapedLikeOne0000000", base_url=BASE_URL).stock_symbols()
        self.assertEqual(refused.exception.status, 401)

    @unittest.skipIf(pandas is None, "pandas is not installed")
    def test_to_frame_parses_dates_and_types_numbers(self):
        frame = self.client.frame("daily_quotes", "RELIANCE", from_="2024-10-21", to="2024-10-31")
        self.assertGreater(len(frame), 0)
        self.assertTrue(pandas.api.types.is_datetime64_any_dtype(frame["date"]))
        self.assertTrue(pandas.api.types.is_float_dtype(frame["close"]))
        self.assertTrue(pandas.api.types.is_numeric_dtype(frame["volume"]))
        one = to_frame(self.client.company_profile("ITC"))
        self.assertEqual(len(one), 1)
        self.assertEqual(one["symbol"][0], "ITC")


class FakeApi(BaseHTTPRequestHandler):
    answers = []
    seen = []

    def do_GET(self):
        FakeApi.seen.append((self.path, self.headers.get("Authorization")))
        status, headers, body = FakeApi.answers.pop(0)
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(json.dumps(body).encode())

    def log_message(self, *args):
        pass


class RetryTest(unittest.TestCase):
    def setUp(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), FakeApi)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        FakeApi.seen = []
        self.waits = []

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def client(self, **kw):
        c = Client(api_key="bahi_k", base_url=self.base, **kw)
        c._sleep = self.waits.append
        return c

    limited = (429, {"Retry-After": "2", "Content-Type": "application/problem+json"}, {"code": "rate_limited", "detail": "Slow down.", "request_id": "r1"})

    def test_waits_out_a_429_for_its_retry_after(self):
        FakeApi.answers = [self.limited, (200, {}, {"data": [1], "meta": {}})]
        self.assertEqual(self.client().superinvestors(), [1])
        self.assertEqual(self.waits, [2.0])
        self.assertEqual(FakeApi.seen, [("/api/v1/superinvestors", "Bearer bahi_k")] * 2)

    def test_retries_are_bounded(self):
        FakeApi.answers = [self.limited] * 3
        with self.assertRaises(BahiError) as err:
            self.client(max_retries=2).superinvestors()
        self.assertEqual((err.exception.status, err.exception.code, err.exception.retry_after), (429, "rate_limited", 2.0))
        self.assertEqual(len(FakeApi.seen), 3)
        FakeApi.answers, FakeApi.seen, self.waits[:] = [self.limited], [], []
        with self.assertRaises(BahiError):
            self.client(max_retry_delay=1).superinvestors()
        self.assertEqual((len(FakeApi.seen), self.waits), (1, []))

    def test_arguments_are_checked(self):
        with self.assertRaises(TypeError):
            self.client().company_profile()
        with self.assertRaises(TypeError):
            self.client().company_profile("ITC", colour="red")


if __name__ == "__main__":
    unittest.main()
