"""What a page and its kernel say to each other, checked: pure functions, no server here.

A page talks to its kernel over a websocket (``/api/kernels/<id>/channels``). Nothing a page
sends may hang the server or break its connection: a frame that is not a well-formed kernel
message is dropped before Jupyter's own code reads it (:func:`page_message_ok`; Jupyter reads
a frame's part count from its first 8 bytes and loops over it). Nothing a kernel sends back
may show a traceback (:func:`page_safe`). And a request whose path is not clean text is
refused before any handler (:func:`path_refused`).
"""
from __future__ import annotations

import json
import unicodedata
from typing import Any
from urllib.parse import unquote_to_bytes

def path_refused(path: str) -> bool:
    """Whether a request's path (as sent, percent-encoded) is refused before any handler:
    decoded, it is not UTF-8 or holds a control character (a NUL byte, a line break ...)."""
    try:
        text = unquote_to_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        return True
    return any(unicodedata.category(ch) == "Cc" for ch in text)


#: The web socket protocol the page's own client speaks (Jupyter's binary framing).
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: The channels a page may send on.
PAGE_CHANNELS = ("shell", "control", "stdin")
#: The most parts a frame may have (channel, header, parent header, metadata, content, buffers).
MAX_FRAME_PARTS = 1024
#: Words that mark content worth a closer look (a traceback, an exception's name or message).
_ERROR_MARKERS = (b"traceback", b"ename", b"evalue", b"stderr")


def _json_dict(data: bytes | str) -> dict | None:
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, nested beyond reason
        return None
    return value if isinstance(value, dict) else None


def _v1_parts(frame: bytes) -> list[bytes] | None:
    """The parts of a frame in the v1 protocol (channel, header, parent header, metadata,
    content, buffers), or None when its offsets do not describe it."""
    if len(frame) < 8:
        return None
    n = int.from_bytes(frame[:8], "little")
    if not 6 <= n <= MAX_FRAME_PARTS + 1 or 8 * (n + 1) > len(frame):
        return None
    offsets = [int.from_bytes(frame[8 * i:8 * i + 8], "little") for i in range(1, n + 1)]
    if offsets[0] != 8 * (n + 1) or offsets[-1] > len(frame) or any(b < a for a, b in zip(offsets, offsets[1:])):
        return None
    return [frame[a:b] for a, b in zip(offsets, offsets[1:])]


def _v1_frame(parts: list[bytes]) -> bytes:
    """A v1 frame of ``parts`` (the inverse of :func:`_v1_parts`)."""
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets), *parts])


def _legacy_parts(frame: bytes) -> list[bytes] | None:
    """The parts of a binary frame in the legacy protocol (the message as JSON, buffers)."""
    if len(frame) < 8:
        return None
    n = int.from_bytes(frame[:4], "big")
    if not 1 <= n <= MAX_FRAME_PARTS or 4 * (n + 1) > len(frame):
        return None
    offsets = [int.from_bytes(frame[4 * i:4 * i + 4], "big") for i in range(1, n + 1)] + [len(frame)]
    if offsets[0] != 4 * (n + 1) or any(b < a for a, b in zip(offsets, offsets[1:])):
        return None
    return [frame[a:b] for a, b in zip(offsets, offsets[1:])]


def _legacy_frame(msg: dict, buffers: list[bytes]) -> bytes:
    parts = [json.dumps(msg).encode("utf-8"), *buffers]
    offsets = [4 * (len(parts) + 1)]
    for part in parts[:-1]:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(parts).to_bytes(4, "big"), *(o.to_bytes(4, "big") for o in offsets), *parts])


def _message_ok(msg: dict | None) -> bool:
    """Whether ``msg`` (channel, header, parent header, metadata, content) is a kernel message
    whose parts have the types Jupyter and the kernel read them as."""
    if msg is None or msg.get("channel") not in PAGE_CHANNELS:
        return False
    if not all(isinstance(msg.get(k), dict) for k in ("header", "parent_header", "metadata", "content")):
        return False
    header, content = msg["header"], msg["content"]
    if not isinstance(header.get("msg_type"), str) or not isinstance(header.get("msg_id"), str):
        return False
    kind = header["msg_type"]
    if kind in ("comm_open", "comm_msg", "comm_close"):
        if not isinstance(content.get("comm_id"), str) or not isinstance(content.get("data", {}), dict):
            return False
        if kind == "comm_open" and not isinstance(content.get("target_name"), str):
            return False
    if kind == "comm_info_request" and not isinstance(content.get("target_name"), (str, type(None))):
        return False
    return True


def page_message_ok(frame: bytes | str, v1: bool) -> bool:
    """Whether a frame a page sent to its kernel (``v1``: in the v1 protocol) is a
    well-formed kernel message, which the server may pass on."""
    if v1:
        parts = _v1_parts(frame) if isinstance(frame, bytes) else None
        if parts is None:
            return False
        try:
            channel = parts[0].decode("utf-8")
        except UnicodeDecodeError:
            return False
        names = ("header", "parent_header", "metadata", "content")
        msg: dict | None = {"channel": channel, **{k: _json_dict(p) for k, p in zip(names, parts[1:])}}
    elif isinstance(frame, bytes):
        parts = _legacy_parts(frame)
        msg = None if parts is None else _json_dict(parts[0])
    else:
        msg = _json_dict(frame)
        if msg is not None and msg.get("buffers", []) != []:
            return False  # buffers travel in binary frames only
    return _message_ok(msg)


def _scrubbed(value: Any) -> Any:
    """``value`` without tracebacks, exception names and messages, or stderr outputs."""
    if isinstance(value, list):
        return [_scrubbed(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _scrubbed(v) for k, v in value.items()}
    if "traceback" in out:
        out["traceback"] = []
    if "ename" in out:
        out["ename"] = "Error"
    if "evalue" in out:
        out["evalue"] = ""
    if out.get("output_type") == "stream" and out.get("name") == "stderr":
        out["text"] = ""
    return out


def _safe_content(kind: str, content: dict) -> dict | None:
    """What of a message's content a page may get; None: the message is dropped."""
    if kind == "error":
        return None
    if kind == "stream" and (content.get("name") != "stdout" or "Traceback" in str(content.get("text", ""))):
        return None
    return _scrubbed(content)


def page_safe(message: Any, v1: bool) -> Any:
    """A message from a kernel to its page (``v1``: a frame in the v1 protocol) as the page
    may get it: None (dropped) for an ``error`` message, a ``stream`` on stderr or one that
    holds a traceback, or a message that does not read; a copy without tracebacks, exception
    names and messages where its content holds them; else ``message`` itself."""
    try:
        if isinstance(message, dict):
            kind = (message.get("header") or {}).get("msg_type", "")
            content = message.get("content") or {}
            safe = _safe_content(kind, content)
            return None if safe is None else message if safe == content else {**message, "content": safe}
        if isinstance(message, bytes) and v1:
            parts = _v1_parts(message)
            header = None if parts is None else _json_dict(parts[1])
            if header is None:
                return None
            kind = header.get("msg_type", "")
            if kind not in ("error", "stream") and not any(m in parts[4] for m in _ERROR_MARKERS):
                return message  # the common case: nothing to look at
            content = _json_dict(parts[4])
            safe = None if content is None else _safe_content(kind, content)
            if safe is None:
                return None
            return message if safe == content else _v1_frame([*parts[:4], json.dumps(safe).encode("utf-8"), *parts[5:]])
        if isinstance(message, bytes):
            parts = _legacy_parts(message)
            msg = None if parts is None else _json_dict(parts[0])
        else:
            msg = _json_dict(message)
            parts = None
        if msg is None:
            return None
        kind = (msg.get("header") or {}).get("msg_type", "")
        content = msg.get("content") or {}
        safe = _safe_content(kind, content)
        if safe is None:
            return None
        if safe == content:
            return message
        msg["content"] = safe
        return _legacy_frame(msg, parts[1:]) if parts is not None else json.dumps(msg)
    except (RecursionError, AttributeError, TypeError, IndexError):
        return None  # nothing that does not read reaches a page
