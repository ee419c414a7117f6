"""Connection handling of ``drakit serve``: bursts, concurrent clients, idle keep-alives.

Why: an independent probe found the listen backlog at 5 (20 simultaneous clients got
connection resets, a burst of 200 lost 81) and idle keep-alive connections never closed
(300 idle -> 303 threads). This is the measurement behind the server-stack decision in
docs/serve.md ("Connections"); it prints figures, it asserts nothing.

The server runs in its own process (``python -m drakit.cli serve --port 0``), so client
threads do not compete with it for the GIL. Figures printed:

* burst: N connections opened at once (threads behind a barrier), each sends one GET and
  reads the answer: how many got a 200, how many failed (reset/refused/timeout), wall time;
* clients: 20 clients x 50 keep-alive requests each: failures, median and p99 latency;
* idle: 300 connections that send one request and then stay idle on keep-alive: the
  server's thread count and RSS while they are open, and how many the server has closed
  after ``--idle-wait`` seconds (its idle timeout, when it has one).

Run: python benchmarks/bench_serve_connections.py [--burst 200] [--idle 300] [--idle-wait 100]
"""

from __future__ import annotations

import argparse
import base64
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

PATH = "/api/v1/namespaces/default/pods"


TLS: ssl.SSLContext | None = None


def start_server(tmp: Path) -> tuple[subprocess.Popen, int, str]:
    global TLS
    kc = tmp / "kubeconfig"
    proc = subprocess.Popen([sys.executable, "-m", "drakit.cli", "serve", "--port", "0",
                             "--kubeconfig-out", str(kc)],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    port = int(line.rsplit("(port ", 1)[1].split(")")[0])
    conf = yaml.safe_load(kc.read_text())
    ca = conf["clusters"][0]["cluster"].get("certificate-authority-data")
    if line.split(" on ", 1)[1].startswith("https") and ca:
        TLS = ssl.create_default_context(cadata=base64.b64decode(ca).decode())
    return proc, port, conf["users"][0]["user"].get("token", "")


def request(port: int, token: str, sock: socket.socket | None = None,
            timeout: float = 10) -> tuple[int, socket.socket]:
    """One GET on ``sock`` (a new connection when None); returns (status, socket)."""
    s = sock
    if s is None:
        s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        if TLS is not None:
            s = TLS.wrap_socket(s, server_hostname="127.0.0.1")
    s.sendall(f"GET {PATH} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
              f"Authorization: Bearer {token}\r\nAccept: application/json\r\n\r\n".encode())
    f = s.makefile("rb")
    status = int(f.readline().split()[1])
    length = 0
    while (line := f.readline()) not in (b"\r\n", b""):
        k, _, v = line.decode().partition(":")
        if k.lower() == "content-length":
            length = int(v)
    f.read(length)
    return status, s


def proc_stats(pid: int) -> tuple[int, int]:
    """(threads, RSS in KiB) of a process, from /proc."""
    threads = rss = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            threads = int(line.split()[1])
        elif line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    return threads, rss


def burst(port: int, token: str, n: int) -> dict:
    barrier = threading.Barrier(n)
    ok, failed = [0], [0]
    lock = threading.Lock()

    def one() -> None:
        barrier.wait()
        try:
            status, s = request(port, token)
            s.close()
            good = status == 200
        except OSError:
            good = False
        with lock:
            (ok if good else failed)[0] += 1
    threads = [threading.Thread(target=one) for _ in range(n)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"ok": ok[0], "failed": failed[0], "seconds": round(time.monotonic() - t0, 2)}


def clients(port: int, token: str, n: int = 20, each: int = 50) -> dict:
    lat: list[float] = []
    failed = [0]
    lock = threading.Lock()

    def one() -> None:
        s = None
        for _ in range(each):
            t0 = time.monotonic()
            try:
                status, s = request(port, token, s)
                dt = time.monotonic() - t0
                with lock:
                    lat.append(dt)
                    if status != 200:
                        failed[0] += 1
            except OSError:
                with lock:
                    failed[0] += 1
                s = None
        if s is not None:
            s.close()
    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lat.sort()
    return {"requests": n * each, "failed": failed[0],
            "p50_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
            "p99_ms": round(lat[int(len(lat) * 0.99) - 1] * 1000, 1) if lat else None}


def idle(proc: subprocess.Popen, port: int, token: str, n: int, wait: float) -> dict:
    base_threads, base_rss = proc_stats(proc.pid)
    socks = []
    opened = 0
    for _ in range(n):
        try:
            _, s = request(port, token)
            socks.append(s)
            opened += 1
        except OSError:
            pass
    time.sleep(1)
    threads, rss = proc_stats(proc.pid)
    time.sleep(wait)
    closed = 0
    for s in socks:  # a connection the server closed cannot carry another request
        try:
            status, _ = request(port, token, s)
            closed += status != 200
        except (OSError, ValueError, IndexError):
            closed += 1
        s.close()
    after_threads, after_rss = proc_stats(proc.pid)
    return {"opened": opened, "threads_before": base_threads, "threads_open": threads,
            "rss_mib_before": round(base_rss / 1024, 1), "rss_mib_open": round(rss / 1024, 1),
            f"closed_by_server_after_{wait:.0f}s": closed, "threads_after": after_threads}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--burst", type=int, default=200)
    p.add_argument("--idle", type=int, default=300)
    p.add_argument("--idle-wait", type=float, default=100.0)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, port, token = start_server(Path(tmp))
        try:
            print("burst(20): ", burst(port, token, 20), flush=True)
            print(f"burst({args.burst}):", burst(port, token, args.burst), flush=True)
            print("clients:   ", clients(port, token), flush=True)
            print("idle:      ", idle(proc, port, token, args.idle, args.idle_wait), flush=True)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
