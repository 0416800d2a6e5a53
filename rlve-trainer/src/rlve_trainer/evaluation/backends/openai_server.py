"""Any OpenAI-compatible chat endpoint (vLLM or SGLang serving, a hosted API), over plain HTTP.

Requests run ``concurrency`` at a time. A 429, a 5xx, a timeout or a dropped connection is retried up to
``retries`` times with exponential backoff (honouring a numeric ``Retry-After``); any other error, or a
request still failing after its retries, stops the evaluation with the server's words. The API key is read
from an environment variable (``--api-key-env``, default ``OPENAI_API_KEY``): never from the command line,
and it is never recorded.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import random
import threading
import time
import urllib.error
import urllib.request
from typing import Any

from rlve_trainer.evaluation.backends import BackendError, Conversation, Sampling

RETRY_STATUSES = {408, 409, 425, 429, 500, 502, 503, 504}
#: Longest wait between two tries, whatever the backoff or the server's Retry-After says.
MAX_BACKOFF = 60.0


class OpenAIServer:
    kind = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        sampling: Sampling,
        *,
        api_key_env: str = "OPENAI_API_KEY",
        concurrency: int = 8,
        timeout: float = 120.0,
        retries: int = 5,
        backoff: float = 1.0,
    ):
        if not base_url.startswith(("http://", "https://")):
            raise BackendError(f"--base-url must start with http:// or https://, got {base_url!r}")
        if concurrency < 1:
            raise BackendError(f"--concurrency must be at least 1, got {concurrency}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.sampling = sampling
        self.api_key_env = api_key_env
        self.api_key = os.environ.get(api_key_env, "")
        self.concurrency = concurrency
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.retried = 0  # how many tries were repeated, for the record
        self._lock = threading.Lock()
        self._jitter = random.Random(sampling.seed)

    def settings(self) -> dict[str, Any]:
        return {
            "base_url": self.base_url,
            "model": self.model,
            "api_key_env": self.api_key_env,  # the variable's name, never its value
            "concurrency": self.concurrency,
            "timeout": self.timeout,
            "retries": self.retries,
            "temperature": self.sampling.temperature,
            "max_tokens": self.sampling.max_tokens,
            "n": self.sampling.n,
            "seed": self.sampling.seed,
        }

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    def check(self) -> None:
        """One cheap request before anything is recorded: an unreachable server or a refused key is one line."""
        request = urllib.request.Request(f"{self.base_url}/models", headers=self._headers())
        try:
            with urllib.request.urlopen(request, timeout=min(self.timeout, 30.0)):
                return
        except urllib.error.HTTPError as error:
            if error.code in (401, 403):
                raise BackendError(
                    f"{self.base_url} refused the request (HTTP {error.code}): set the API key in the environment "
                    f"variable {self.api_key_env} (or name another with --api-key-env)"
                ) from None
            return  # some servers have no /models; the first completion will tell
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise BackendError(f"cannot reach {self.base_url}: {reason}") from None

    def _post(self, messages: Conversation) -> list[str]:
        body = {
            "model": self.model,
            "messages": messages,
            "temperature": self.sampling.temperature,
            "max_tokens": self.sampling.max_tokens,
            "n": self.sampling.n,
            "seed": self.sampling.seed,
        }
        data = json.dumps(body).encode()
        last = "no try made"
        for attempt in range(self.retries + 1):
            if attempt:
                with self._lock:
                    self.retried += 1
            request = urllib.request.Request(
                f"{self.base_url}/chat/completions", data=data, headers=self._headers(), method="POST"
            )
            wait = None
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return self._choices(json.loads(response.read()))
            except urllib.error.HTTPError as error:
                detail = error.read(300).decode("utf-8", "replace").strip()
                last = f"HTTP {error.code}" + (f": {detail}" if detail else "")
                if error.code not in RETRY_STATUSES:
                    raise BackendError(f"{self.base_url}/chat/completions answered {last}") from None
                wait = retry_after(error.headers.get("Retry-After"))
            except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as error:
                last = str(getattr(error, "reason", error)) or type(error).__name__
            except (ValueError, KeyError, TypeError) as error:
                raise BackendError(f"{self.base_url} sent a response that is not a chat completion: {error}") from None
            if attempt < self.retries:
                with self._lock:
                    jitter = self._jitter.uniform(0, 0.25)
                time.sleep(min(MAX_BACKOFF, wait if wait is not None else self.backoff * 2**attempt * (1 + jitter)))
        raise BackendError(f"{self.base_url}/chat/completions still failing after {self.retries} retries: {last}")

    def _choices(self, payload: dict[str, Any]) -> list[str]:
        choices = payload["choices"]
        texts = [(choice.get("message") or {}).get("content") or "" for choice in choices]
        if len(texts) != self.sampling.n:
            raise ValueError(f"asked for n={self.sampling.n} completions, got {len(texts)}")
        return texts

    def complete(self, conversations: list[Conversation]) -> list[list[str]]:
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            futures = [pool.submit(self._post, messages) for messages in conversations]
            try:
                return [future.result() for future in futures]
            except BaseException:
                for future in futures:
                    future.cancel()
                raise

    def close(self) -> None:
        return None


def retry_after(value: str | None) -> float | None:
    """Seconds from a numeric ``Retry-After`` header (an HTTP date is ignored: the backoff applies)."""
    try:
        return max(0.0, float(value)) if value else None
    except ValueError:
        return None
