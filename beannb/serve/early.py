"""An answer before the server: "the class is starting", from the first second of the process.

A hub-managed class (``beannb app --class --jupyterhub``) must answer the hub within its first
ten seconds or the hub gives up and exits. Importing Voila and starting the server can take
longer on a loaded machine, so the server process first binds the address Voila will use and
answers every request at once with a short page that reloads itself (:class:`EarlyAnswer`, a
daemon thread of the standard library). When Voila listens, the server takes the same socket
over (:func:`hand_over`): the early answer stops, a connection it accepted still gets its page,
and connections not yet accepted wait in the socket's backlog for the server.

Imports the standard library and the pages' messages only (no Voila, no tornado).
"""
from __future__ import annotations

import ipaddress
import socket
import threading
from typing import Optional

from ..i18n import LANGS
from .pages import message_page
from .words import preferred_lang

#: Seconds the page waits before it asks again.
REFRESH_S = 1
#: Seconds a connection may take to send its request before it is closed unanswered (the most
#: the server waits, when it takes the socket over, for a connection that sends nothing).
READ_TIMEOUT_S = 3.0
#: The listening backlog: tornado's own (connections wait there while the server takes over).
BACKLOG = 128
#: The most of a request read (its head; a body is not read).
MAX_HEAD = 16384


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` (``[v6]:port`` too) as a host and a port; ``ValueError`` if it is not one."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not host:port: {text!r}")
    return host.strip("[]"), int(port)


def starting_response(lang: str, head_only: bool = False) -> bytes:
    """The whole HTTP answer: 200, the starting page in ``lang``, not to be cached."""
    body = message_page("starting", refresh=REFRESH_S, lang=lang).encode("utf-8")
    head = ("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=UTF-8\r\nCache-Control: no-store\r\n"
            f"Content-Language: {lang}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    return head.encode("ascii") + (b"" if head_only else body)


class EarlyAnswer:
    """A listening socket on ``host:port`` answered by a daemon thread until :meth:`stop`."""

    def __init__(self, host: str, port: int) -> None:
        family = socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            # As tornado binds: the address reusable at once, an IPv6 socket IPv6 only.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind((host, port))
            sock.listen(BACKLOG)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self.sock = sock
        self.port = int(sock.getsockname()[1])
        # Rendered now, in the starting thread: the handlers only send bytes.
        self.pages = {lang: starting_response(lang) for lang in LANGS}
        self.heads = {lang: starting_response(lang, head_only=True) for lang in LANGS}
        self._wake_r, self._wake_w = socket.socketpair()
        self._handlers: set[threading.Thread] = set()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._accept_loop, name="beannb-early-answer", daemon=True)
        self._thread.start()

    def _accept_loop(self) -> None:
        import selectors

        with selectors.DefaultSelector() as selector:
            selector.register(self.sock, selectors.EVENT_READ)
            selector.register(self._wake_r, selectors.EVENT_READ)
            while True:
                ready = {key.fileobj for key, _ in selector.select()}
                if self._wake_r in ready:
                    return
                try:
                    conn, _ = self.sock.accept()
                except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                    continue
                except OSError:
                    return
                handler = threading.Thread(target=self._answer, args=(conn,), daemon=True)
                with self._lock:
                    self._handlers.add(handler)
                handler.start()

    def _answer(self, conn: socket.socket) -> None:
        try:
            conn.setblocking(True)
            conn.settimeout(READ_TIMEOUT_S)
            head = b""
            while b"\r\n\r\n" not in head and len(head) < MAX_HEAD:
                chunk = conn.recv(4096)
                if not chunk:
                    return
                head += chunk
            lines = head.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            accept = next((line.split(":", 1)[1] for line in lines[1:]
                           if line.split(":", 1)[0].strip().lower() == "accept-language" and ":" in line), "")
            lang = preferred_lang(accept)
            conn.sendall(self.heads[lang] if lines[0].startswith("HEAD ") else self.pages[lang])
            try:
                conn.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        except OSError:
            pass
        finally:
            conn.close()
            with self._lock:
                self._handlers.discard(threading.current_thread())

    def stop(self) -> socket.socket:
        """Stop answering and return the listening socket (non-blocking, still listening):
        the connections already accepted have had their answers when this returns."""
        if self._wake_w.fileno() == -1:
            return self.sock   # stopped before
        self._wake_w.send(b"x")
        self._thread.join()
        with self._lock:
            handlers = list(self._handlers)
        for handler in handlers:
            handler.join()
        self._wake_r.close()
        self._wake_w.close()
        return self.sock

    def close(self) -> None:
        """Stop answering and close the socket."""
        self.stop().close()


#: The early answer of this process, if it started one (until :func:`hand_over`).
_current: Optional[EarlyAnswer] = None


def start(address: str) -> Optional[EarlyAnswer]:
    """Answer at ``address`` (``host:port``, the host an IP address) from now on; None, and
    nothing started, where that cannot be done (the server then binds the address itself)."""
    global _current
    try:
        host, port = parse_address(address)
        _current = EarlyAnswer(host, port)
    except (ValueError, OSError):
        return None
    return _current


def hand_over(port: int, address: Optional[str]) -> Optional[socket.socket]:
    """The early answer's socket, stopped, if it listens at ``address:port``; else None (an
    early answer elsewhere is stopped and closed)."""
    global _current
    early, _current = _current, None
    if early is None:
        return None
    sock = early.stop()
    bound = sock.getsockname()
    try:
        same = int(port) == bound[1] and ipaddress.ip_address(address or "") == ipaddress.ip_address(bound[0])
    except ValueError:
        same = False
    if not same:
        sock.close()
        return None
    return sock
