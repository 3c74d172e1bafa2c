"""Friends far away: the app on a "public host" behind Debian's nginx ending TLS, as docs/deploy
sets it up — the app started as ``docs/deploy/tiangow.service`` starts it, nginx running
``docs/deploy/nginx-tiangow.conf`` with a self-signed certificate, on the loopback address
127.0.0.3 (nothing leaves this machine). Two browser contexts play a hand over ``wss://``
through it; the static site's friends page, its ``?s=`` naming the host, makes a table there.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import ROOT, TIMEOUT, free_port, wait_http
from tests.browser.test_friends_in_browser import Person, Seat

pytestmark = pytest.mark.browser

HOST = "127.0.0.3"
DEPLOY = ROOT / "docs" / "deploy"


def _need(exe: str, package: str) -> str:
    found = shutil.which(exe) or (f"/usr/sbin/{exe}" if Path(f"/usr/sbin/{exe}").exists() else None)
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{exe} is not installed — and CI requires it (.ci/run installs Debian's {package})")
        pytest.skip(f"{exe} is not installed (Debian's {package})")
    return found


def _unit_command(port: int, public: str, db: Path) -> list[str]:
    """The app's command line as ``tiangow.service`` gives it, on this test's port, URL and log."""
    unit = (DEPLOY / "tiangow.service").read_text(encoding="utf-8")
    line = next(x for x in unit.splitlines() if x.startswith("ExecStart="))
    args = shlex.split(line.removeprefix("ExecStart="))[1:]  # the venv's python: this one
    out = [sys.executable]
    for a in args:
        a = a.replace("--port=8866", f"--port={port}")
        a = a.replace("https://tiangow.example.org/", public)
        a = a.replace("/var/lib/tiangow/tables.db", str(db))
        out.append(a)
    return out


@pytest.fixture(scope="module")
def host(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app behind nginx with TLS, as docs/deploy sets it up: its public URL."""
    nginx = _need("nginx", "nginx-light")
    openssl = _need("openssl", "openssl")
    tmp = tmp_path_factory.mktemp("proxy")
    tmp.chmod(0o755)
    app_port, tls_port = free_port(), free_port()
    public = f"https://{HOST}:{tls_port}/"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={HOST}",
                    "-addext", f"subjectAltName=IP:{HOST}", "-keyout", str(tmp / "key.pem"), "-out",
                    str(tmp / "cert.pem")], check=True, capture_output=True)
    site = (DEPLOY / "nginx-tiangow.conf").read_text(encoding="utf-8")
    site = site.replace("listen 443 ssl;", f"listen {HOST}:{tls_port} ssl;").replace("listen [::]:443 ssl;", "")
    site = site.replace("server_name tiangow.example.org;", f"server_name {HOST};")
    site = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {tmp / 'cert.pem'};", site)
    site = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {tmp / 'key.pem'};", site)
    site = site.replace("proxy_pass http://127.0.0.1:8866;", f"proxy_pass http://127.0.0.1:{app_port};")
    assert f"127.0.0.1:{app_port}" in site and str(tmp / "cert.pem") in site
    temp = {name: tmp / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for p in temp.values():
        p.mkdir()
        p.chmod(0o777)
    (tmp / "nginx.conf").write_text(
        f"daemon off;\npid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'} warn;\nworker_processes 1;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n access_log off;\n client_body_temp_path {temp['body']};\n proxy_temp_path {temp['proxy']};\n"
        f" fastcgi_temp_path {temp['fastcgi']};\n uwsgi_temp_path {temp['uwsgi']};\n scgi_temp_path {temp['scgi']};\n"
        f"{site}\n}}\n", encoding="utf-8")
    env = {**os.environ, "TIANGOW_OPEN_AHEAD": "0"}
    app = subprocess.Popen([*_unit_command(app_port, public, tmp / "tables.db"), "--bot-pause=0.05"], cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    proxy = subprocess.Popen([nginx, "-p", str(tmp), "-c", str(tmp / "nginx.conf")], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    try:
        wait_http(f"http://127.0.0.1:{app_port}/tiangow/tables/health", 90)
        end = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(public + "tiangow/tables/health", timeout=5, context=_insecure())
                break
            except OSError:
                assert proxy.poll() is None, proxy.stderr.read().decode() if proxy.stderr else "nginx stopped"
                assert time.monotonic() < end, "nginx did not answer"
                time.sleep(0.2)
        yield public
    finally:
        for p in (proxy, app):
            p.terminate()
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()


def _insecure() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate
    return ctx


def _create(public: str) -> dict[str, Any]:
    req = urllib.request.Request(public + "tiangow/tables", method="POST", data=b"{}")
    with urllib.request.urlopen(req, timeout=30, context=_insecure()) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def test_two_friends_play_a_hand_over_wss_through_nginx(host: str, browser: Any) -> None:
    info = _create(host)
    assert info["local_only"] is False
    links = info["links"]
    assert all(links[k]["url"].startswith(host + "tiangow/play#t=") for k in ("0", "1", "2", "3", "watch"))
    east = Seat(browser, 1280, "en", ignore_https_errors=True)  # the test's self-signed certificate
    north = Seat(browser, 390, "zh-Hant", ignore_https_errors=True)
    try:
        east.open(links["0"]["url"])
        north.open(links["3"]["url"])
        for s in (east, north):
            assert any(u.startswith(f"wss://{HOST}:") for u in s.sockets), s.sockets
            s.page.click(".tg-again")
        east.page.wait_for_selector(".tg-pick", timeout=TIMEOUT)  # dealt
        moves = east.play_to_the_end(north)
        assert moves >= 4
        east.wait_for_text(".tg-hand-result", "Settlement of this hand")
        north.wait_for_text(".tg-hand-result", "這一局的結算")
        for s in (east, north):
            s.check()
    finally:
        east.close()
        north.close()


@pytest.mark.site
def test_the_static_sites_friends_page_makes_a_table_on_the_host(host: str, static_site: Any, browser: Any) -> None:
    """The static site's friends page, its ``?s=`` naming the public host: the table is made there
    and its links open the host's seat page, played over ``wss://``."""
    person = Person(browser, 1280, "en", ignore_https_errors=True)
    seat = Seat(browser, 390, "en", ignore_https_errors=True)
    try:
        person.page.goto(f"{static_site.url}voici/render/friends.html?s={host}", timeout=TIMEOUT)
        person.page.wait_for_selector(".tg-friends-create-button", timeout=TIMEOUT)
        person.page.click(".tg-friends-create-button")
        person.page.wait_for_selector(".tg-friends-link", timeout=TIMEOUT)
        url = person.page.eval_on_selector_all(".tg-friends-link-url", "els => els.map(e => e.value)")[0]
        assert url.startswith(host + "tiangow/play#t=")
        seat.open(url)
        seat.page.click(".tg-again")
        seat.page.wait_for_selector(".tg-pick", timeout=TIMEOUT)
        assert seat.play_one()
        person.check()
        seat.check()
    finally:
        person.close()
        seat.close()
