"""``Start dobble-print.pyw``, the double-click starter, in parts: the Windows and macOS paths, the
checks made before installing, the failure sentences, the state file and the page's gate. The
whole starter on a fresh copy runs in tests/test_starter_real.py."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections import namedtuple
from pathlib import Path

import pytest

from tests.starter_module import STARTER, load_starter

start = load_starter()


def test_an_old_python_can_read_the_starter():
    """Python 3.6 parses it, so a too-old Python reaches the sentence saying what to install."""
    ast.parse(STARTER.read_text(encoding="utf-8"), feature_version=(3, 6))


def test_every_sentence_in_every_language():
    for key, table in start.SENTENCES.items():
        assert set(table) == set(start.LANGS), key
        for lang in start.LANGS:
            text = start.say(key, lang, found="3.9", advised="3.12", log="x.log", folder="F", n=3)
            assert "{" not in text, (key, lang)


@pytest.mark.parametrize(
    ("platform", "expected"),
    [("win32", Path("v", "Scripts", "python.exe")), ("darwin", Path("v", "bin", "python"))],
)
def test_the_venv_python_on_each_system(platform, expected):
    assert start.venv_python(Path("v"), platform=platform) == expected


def test_windows_makes_the_venv_with_the_console_python_beside_pythonw(tmp_path):
    for name in ("python.exe", "pythonw.exe"):
        (tmp_path / name).write_bytes(b"")
    pythonw = tmp_path / "pythonw.exe"
    assert start.base_python(pythonw, platform="win32") == tmp_path / "python.exe"
    mac = tmp_path / "python3.12"
    assert start.base_python(mac, platform="darwin") == mac
    assert start.child_options("win32") == {"creationflags": 0x08000000}
    assert start.child_options("darwin") == {}


VersionInfo = namedtuple("VersionInfo", "major minor micro releaselevel serial")


def test_a_too_old_python_says_which_to_install(monkeypatch):
    monkeypatch.setattr(sys, "version_info", VersionInfo(3, 9, 13, "final", 0))
    key, params = start.python_problem(platform="win32", machine="AMD64")
    assert start.say(key, "en", **params) == (
        "This Python is 3.9; dobble-print needs Python 3.11 or 3.12: install Python 3.12 from "
        "python.org, then double-click “Start dobble-print” again."
    )
    assert start.say(key, "fr", **params) == (
        "Ce Python est la version 3.9 ; dobble-print a besoin de Python 3.11 ou 3.12 : installez "
        "Python 3.12 depuis python.org, puis double-cliquez à nouveau sur « Start dobble-print »."
    )


def test_which_pythons_and_macs_can_run_it():
    assert start.python_problem((3, 13, 0), "win32", "AMD64")[0] == "python_version"
    assert start.python_problem((3, 11, 4), "win32", "AMD64") is None
    assert start.python_problem((3, 12, 1), "darwin", "arm64") is None
    assert start.python_problem((3, 12, 1), "darwin", "x86_64") == ("intel_mac", {})


def test_a_double_click_with_the_wrong_python_finds_a_right_one_installed_too():
    """Windows' launcher runs a .pyw with the newest Python: 3.13 beside a 3.12 runs it again
    with ``pyw -3.12``; a Mac with python.org's 3.12 framework Python."""
    asked = []

    def launcher_has(versions):
        return lambda command: asked.append(command[1]) or (0 if command[1] in versions else 1)

    which = {"pyw": r"C:\Windows\pyw.exe"}.get
    found = start.suitable_python("win32", which=which, run=launcher_has({"-3.11"}))
    assert found == [r"C:\Windows\pyw.exe", "-3.11"]
    assert asked == ["-3.12", "-3.11"]
    assert start.suitable_python("win32", which=which, run=launcher_has(set())) is None
    assert start.suitable_python("win32", which=lambda name: None) is None
    framework = "/Library/Frameworks/Python.framework/Versions/3.12/bin/python3.12"
    mac = start.suitable_python("darwin", which=lambda name: None, exists={framework}.__contains__)
    assert mac == [framework]
    assert start.suitable_python("linux", which={"python3.11": "/usr/bin/python3.11"}.get) == [
        "/usr/bin/python3.11"
    ]


def test_too_little_room_for_the_venv(tmp_path):
    usage = namedtuple("usage", "total used free")
    full = start.space_problem(tmp_path, lambda _: usage(10**10, 10**10 - 10**8, 10**8))
    assert full == ("disk_full", {})
    assert start.say("disk_full", "en") == (
        "The disk is full: dobble-print needs about 1.5 GB free for its first installation. "
        "Free some space, then double-click “Start dobble-print” again."
    )
    assert start.space_problem(tmp_path, lambda _: usage(10**11, 0, 10**11)) is None


def test_the_starter_outside_its_unpacked_folder(tmp_path):
    """Windows opens a .pyw from inside a zip by copying it alone to a temporary folder."""
    assert start.folder_problem(tmp_path) == ("unpacked", {})
    assert start.say("unpacked", "en") == (
        "“Start dobble-print” must stay in the unpacked dobble-print folder: unpack (extract) the "
        "whole download first, then double-click “Start dobble-print” again."
    )


DEAD_INDEX = {"PIP_INDEX_URL": "http://127.0.0.1:9/", "PIP_CONFIG_FILE": "/dev/null"}


@pytest.mark.parametrize("retries", ["0", "1"])
def test_no_network_is_said_so(tmp_path, monkeypatch, retries):
    """pip itself, pointed at an index nobody answers (port 9), as when the computer is offline:
    with retries it names the refused connection, without them only "from versions: none"."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--retries", retries]
        + ["--timeout", "1", "-d", str(tmp_path), "hatchling==1.29.0"],
        capture_output=True,
        text=True,
        env={**env, **DEAD_INDEX},
    )
    assert result.returncode != 0
    for name, value in DEAD_INDEX.items():
        monkeypatch.setenv(name, value)
    assert start.install_problem(result.stdout + result.stderr) == "offline"
    # the same output while the index answers is another failure, said with pip's details
    assert start.install_problem("(from versions: none)", reachable=lambda: True) == (
        "install_failed"
    )
    assert start.say("offline", "en") == (
        "What dobble-print needs could not be downloaded: this computer seems to be offline (or "
        "a firewall blocks pypi.org). Connect to the internet, then double-click “Start "
        "dobble-print” again."
    )


def test_a_full_disk_and_other_failures():
    assert start.install_problem("OSError: [Errno 28] No space left on device") == "disk_full"
    assert start.install_problem("[WinError 112] There is not enough space on the disk") == (
        "disk_full"
    )
    assert start.install_problem("error: subprocess-exited-with-error") == "install_failed"


def test_a_half_made_venv_is_not_ready(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    python = start.venv_python(tmp_path / ".venv")
    python.parent.mkdir(parents=True)
    python.write_bytes(b"")
    assert not start.is_ready(tmp_path)  # no stamp: the install did not finish
    (tmp_path / ".venv" / start.READY_NAME).write_text(start.project_stamp(tmp_path))
    assert start.is_ready(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[project]\nversion = '2'\n")
    assert not start.is_ready(tmp_path)  # another version unpacked over it: install again


def test_the_language_of_the_page():
    assert start.pick_language("ja-JP,ja;q=0.9,en;q=0.5", system="en") == "ja"
    assert start.pick_language("pt-BR,de;q=0.8", system="en") == "de"
    assert start.pick_language("", system="it") == "it"
    assert start.pick_language("pt-BR", system="pt") == "en"
    assert start.system_language({"LANG": "es_ES.UTF-8"}, "linux") == "es"
    assert start.system_language({"LANG": "C.UTF-8"}, "linux") == "en"


def test_a_state_file_of_a_stopped_app_is_not_taken_as_running(tmp_path):
    path = tmp_path / start.STATE_NAME
    dead = {"control": "http://127.0.0.1:9/x/", "app": "http://127.0.0.1:9/?token=y", "pid": 1}
    start.write_state(path, dead)
    assert start.read_state(path) == dead
    opened = []
    assert not start.reopen(start.read_state(path), open_url=opened.append)
    assert opened == []
    (tmp_path / "broken.json").write_text("{")
    assert start.read_state(tmp_path / "broken.json") is None


@pytest.fixture
def page_server(tmp_path):
    starter = start.Starter(tmp_path, open_url=lambda url: None)
    server = start.serve(starter)
    yield starter
    server.shutdown()
    server.server_close()


def _get(url, headers=None, data=None):
    request = urllib.request.Request(url, headers=headers or {}, data=data)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=5) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_the_page_answers_only_its_secret_address(page_server):
    url = page_server.control_url
    assert _get(url, {"Accept-Language": "de"})[0] == 200
    assert 'lang="de"' in _get(url, {"Accept-Language": "de"})[1]
    base = url.rsplit("/", 2)[0] + "/"
    assert _get(base)[0] == 404  # no token
    assert _get(url, {"Host": "evil.example:80"})[0] == 404  # another name for 127.0.0.1
    assert _get(url + "stop", data=b"")[0] == 403  # a form on another site cannot stop it
    assert page_server.phase == "working"


def test_the_page_says_a_failure_in_the_browsers_language(page_server):
    page_server.fail("offline", {})
    status, body = _get(page_server.control_url + "status?lang=es")
    reply = json.loads(body)
    assert (status, reply["phase"], reply["problem_key"]) == (200, "failed", "offline")
    assert reply["problem"] == start.say("offline", "es")


def test_a_second_double_click_while_installing_opens_the_same_progress_page(page_server):
    """No second install into the same .venv: the running starter's page is opened instead."""
    opened = []
    state = {"control": page_server.control_url, "app": None, "pid": 1}
    assert start.reopen(state, open_url=opened.append)
    assert opened == [page_server.control_url]


def test_stop_ends_the_app_and_forgets_the_state(page_server, tmp_path):
    page_server.app = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    page_server.app_tmp = str(tmp_path / "app-tmp")
    (tmp_path / "app-tmp" / "dobble-print-app-x").mkdir(parents=True)  # what the app stored
    page_server._save()
    assert (tmp_path / start.STATE_NAME).exists()
    assert _get(page_server.control_url + "stop", {"X-Start": "1"}, data=b"")[0] == 200
    assert page_server.finished.wait(15)
    assert page_server.app.wait(15) is not None
    assert not (tmp_path / start.STATE_NAME).exists()
    assert not (tmp_path / "app-tmp").exists()
