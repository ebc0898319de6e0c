"""Double-click me to start dobble-print: the deck maker opens in your web browser.

The first time, this makes dobble-print's own Python folder (``.venv``) beside this file and
installs dobble-print into it (a few minutes, from the internet); a page in the browser shows how
far it got, and any problem in one plain sentence. Later double-clicks open the deck maker at once;
a double-click while it runs opens the same page again. "Stop dobble-print" on the starter's page
ends it.

Standard library only, and written so that even an old Python can read it and say which Python to
install. Windows runs a ``.pyw`` with python.org's ``pythonw`` (no console window); a Mac with
python.org's Python Launcher.
"""

import hashlib
import html
import json
import locale
import os
import re
import secrets
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import webbrowser
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
OLDEST = (3, 11)  # pyproject.toml's requires-python
NEWEST = (3, 12)  # the newest Python every pinned dependency has a wheel for (.ci/wheel-platforms)
ADVISED = "3.12"
FREE_NEEDED = 1_500_000_000  # bytes: the installed .venv is about 1 GB
STATE_NAME = ".dobble-print-start.json"
READY_NAME = ".dobble-print-ready"
LOG_NAME = "dobble-print-start.log"
# Tests only: a site-packages folder whose packages the new .venv sees (pip then finds every
# dependency already there and installs only dobble-print itself).
TEST_SITE = "DOBBLE_PRINT_START_SITE_PACKAGES"
CREATE_NO_WINDOW = 0x08000000  # Windows: a child console program opens no window
LANGS = ("en", "fr", "de", "es", "it", "ja")
AGAIN = {
    "en": "then double-click “Start dobble-print” again.",
    "fr": "puis double-cliquez à nouveau sur « Start dobble-print ».",
    "de": "und doppelklicken Sie dann erneut auf „Start dobble-print“.",
    "es": "y vuelva a hacer doble clic en «Start dobble-print».",
    "it": "poi fate di nuovo doppio clic su «Start dobble-print».",
    "ja": "それから「Start dobble-print」をもう一度ダブルクリックしてください。",
}

# The starter's own sentences (dobble-print's catalogues are not installed yet when it runs).
SENTENCES = {
    "title": {
        "en": "Starting dobble-print",
        "fr": "Démarrage de dobble-print",
        "de": "dobble-print wird gestartet",
        "es": "Iniciando dobble-print",
        "it": "Avvio di dobble-print",
        "ja": "dobble-print を起動しています",
    },
    "step_check": {
        "en": "Checking this computer",
        "fr": "Vérification de l’ordinateur",
        "de": "Der Computer wird geprüft",
        "es": "Comprobando el ordenador",
        "it": "Controllo del computer",
        "ja": "このコンピューターを確認しています",
    },
    "step_venv": {
        "en": "Making dobble-print’s own Python folder (.venv)",
        "fr": "Création du dossier Python de dobble-print (.venv)",
        "de": "Der eigene Python-Ordner von dobble-print wird angelegt (.venv)",
        "es": "Creando la carpeta de Python propia de dobble-print (.venv)",
        "it": "Creazione della cartella Python di dobble-print (.venv)",
        "ja": "dobble-print 専用の Python フォルダー（.venv）を作成しています",
    },
    "step_install": {
        "en": "Downloading and installing what dobble-print needs (the first time only: a few "
        "minutes)",
        "fr": "Téléchargement et installation de ce dont dobble-print a besoin (la première fois "
        "seulement : quelques minutes)",
        "de": "Herunterladen und Installieren dessen, was dobble-print braucht (nur beim ersten "
        "Mal: einige Minuten)",
        "es": "Descargando e instalando lo que necesita dobble-print (solo la primera vez: unos "
        "minutos)",
        "it": "Download e installazione di ciò che serve a dobble-print (solo la prima volta: "
        "qualche minuto)",
        "ja": "dobble-print に必要なものをダウンロードしてインストールしています"
        "（初回のみ・数分かかります）",
    },
    "step_start": {
        "en": "Starting the deck maker",
        "fr": "Lancement du créateur de jeux",
        "de": "Der Kartenspiel-Macher wird gestartet",
        "es": "Iniciando el creador de barajas",
        "it": "Avvio del creatore di mazzi",
        "ja": "カード作成ページを起動しています",
    },
    "parts": {
        "en": "{n} parts downloaded so far",
        "fr": "{n} éléments téléchargés pour l’instant",
        "de": "bisher {n} Teile heruntergeladen",
        "es": "{n} partes descargadas hasta ahora",
        "it": "{n} parti scaricate finora",
        "ja": "これまでに {n} 個をダウンロードしました",
    },
    "running": {
        "en": "dobble-print is running: its page has opened in another tab.",
        "fr": "dobble-print est lancé : sa page s’est ouverte dans un autre onglet.",
        "de": "dobble-print läuft: Seine Seite wurde in einem anderen Tab geöffnet.",
        "es": "dobble-print está en marcha: su página se ha abierto en otra pestaña.",
        "it": "dobble-print è in funzione: la sua pagina si è aperta in un’altra scheda.",
        "ja": "dobble-print が動いています。ページは別のタブで開きました。",
    },
    "keep": {
        "en": "Keep this tab: “Stop dobble-print” here ends it when you are done.",
        "fr": "Gardez cet onglet : « Arrêter dobble-print » ici l’arrête quand vous avez fini.",
        "de": "Lassen Sie diesen Tab offen: „dobble-print beenden“ hier beendet es, wenn Sie "
        "fertig sind.",
        "es": "Conserve esta pestaña: «Detener dobble-print» lo cierra cuando haya terminado.",
        "it": "Tenete aperta questa scheda: «Ferma dobble-print» lo chiude quando avete finito.",
        "ja": "このタブは閉じないでください。終わったら「dobble-print を終了」で止められます。",
    },
    "open": {
        "en": "Open the deck maker",
        "fr": "Ouvrir le créateur de jeux",
        "de": "Kartenspiel-Macher öffnen",
        "es": "Abrir el creador de barajas",
        "it": "Apri il creatore di mazzi",
        "ja": "カード作成ページを開く",
    },
    "stop": {
        "en": "Stop dobble-print",
        "fr": "Arrêter dobble-print",
        "de": "dobble-print beenden",
        "es": "Detener dobble-print",
        "it": "Ferma dobble-print",
        "ja": "dobble-print を終了",
    },
    "stopped": {
        "en": "dobble-print has stopped. You can close this tab.",
        "fr": "dobble-print est arrêté. Vous pouvez fermer cet onglet.",
        "de": "dobble-print wurde beendet. Sie können diesen Tab schließen.",
        "es": "dobble-print se ha detenido. Puede cerrar esta pestaña.",
        "it": "dobble-print si è fermato. Potete chiudere questa scheda.",
        "ja": "dobble-print を終了しました。このタブは閉じてかまいません。",
    },
    "failed": {
        "en": "dobble-print could not start",
        "fr": "dobble-print n’a pas pu démarrer",
        "de": "dobble-print konnte nicht starten",
        "es": "dobble-print no ha podido iniciarse",
        "it": "dobble-print non è riuscito ad avviarsi",
        "ja": "dobble-print を起動できませんでした",
    },
    "details": {
        "en": "Details",
        "fr": "Détails",
        "de": "Einzelheiten",
        "es": "Detalles",
        "it": "Dettagli",
        "ja": "詳細",
    },
    "python_version": {
        "en": "This Python is {found}; dobble-print needs Python 3.11 or 3.12: install Python "
        "{advised} from python.org, {again}",
        "fr": "Ce Python est la version {found} ; dobble-print a besoin de Python 3.11 ou 3.12 : "
        "installez Python {advised} depuis python.org, {again}",
        "de": "Dieses Python ist Version {found}; dobble-print braucht Python 3.11 oder 3.12: "
        "Installieren Sie Python {advised} von python.org {again}",
        "es": "Este Python es la versión {found}; dobble-print necesita Python 3.11 o 3.12: "
        "instale Python {advised} desde python.org {again}",
        "it": "Questo Python è la versione {found}; dobble-print richiede Python 3.11 o 3.12: "
        "installate Python {advised} da python.org, {again}",
        "ja": "この Python は {found} です。dobble-print には Python 3.11 か 3.12 が必要です。"
        "python.org から Python {advised} をインストールし、{again}",
    },
    "intel_mac": {
        "en": "dobble-print does not run on Macs with an Intel processor (a part it needs is not "
        "made for them): use a Mac with Apple silicon, Windows or Linux.",
        "fr": "dobble-print ne fonctionne pas sur les Mac à processeur Intel (un composant dont "
        "il a besoin n’existe pas pour eux) : utilisez un Mac à puce Apple, Windows ou Linux.",
        "de": "dobble-print läuft nicht auf Macs mit Intel-Prozessor (ein benötigter Baustein "
        "fehlt dafür): Verwenden Sie einen Mac mit Apple-Chip, Windows oder Linux.",
        "es": "dobble-print no funciona en los Mac con procesador Intel (una pieza que necesita "
        "no existe para ellos): use un Mac con chip de Apple, Windows o Linux.",
        "it": "dobble-print non funziona sui Mac con processore Intel (un componente necessario "
        "non esiste per loro): usate un Mac con chip Apple, Windows o Linux.",
        "ja": "dobble-print は Intel プロセッサーの Mac では動きません"
        "（必要な部品が用意されていません）。"
        "Apple シリコンの Mac、Windows、Linux をお使いください。",
    },
    "unpacked": {
        "en": "“Start dobble-print” must stay in the unpacked dobble-print folder: unpack "
        "(extract) the whole download first, {again}",
        "fr": "« Start dobble-print » doit rester dans le dossier dobble-print décompressé : "
        "décompressez (extrayez) d’abord tout le téléchargement, {again}",
        "de": "„Start dobble-print“ muss im entpackten dobble-print-Ordner bleiben: Entpacken "
        "Sie zuerst den ganzen Download {again}",
        "es": "«Start dobble-print» debe estar en la carpeta descomprimida de dobble-print: "
        "descomprima (extraiga) primero toda la descarga {again}",
        "it": "«Start dobble-print» deve restare nella cartella di dobble-print decompressa: "
        "decomprimete (estraete) prima tutto il download, {again}",
        "ja": "「Start dobble-print」は展開した dobble-print フォルダーの中で使います。"
        "まずダウンロードしたファイル全体を展開（解凍）し、{again}",
    },
    "offline": {
        "en": "What dobble-print needs could not be downloaded: this computer seems to be "
        "offline (or a firewall blocks pypi.org). Connect to the internet, {again}",
        "fr": "Ce dont dobble-print a besoin n’a pas pu être téléchargé : cet ordinateur semble "
        "hors ligne (ou un pare-feu bloque pypi.org). Connectez-vous à Internet, {again}",
        "de": "Was dobble-print braucht, konnte nicht heruntergeladen werden: Dieser Computer "
        "scheint offline zu sein (oder eine Firewall sperrt pypi.org). Verbinden Sie ihn mit "
        "dem Internet {again}",
        "es": "No se ha podido descargar lo que necesita dobble-print: este ordenador parece "
        "estar sin conexión (o un cortafuegos bloquea pypi.org). Conéctese a Internet {again}",
        "it": "Non è stato possibile scaricare ciò che serve a dobble-print: il computer "
        "sembra offline (o un firewall blocca pypi.org). Collegatevi a Internet, {again}",
        "ja": "dobble-print に必要なものをダウンロードできませんでした。このコンピューターは"
        "オフラインのようです（またはファイアウォールが pypi.org を止めています）。"
        "インターネットに接続し、{again}",
    },
    "disk_full": {
        "en": "The disk is full: dobble-print needs about 1.5 GB free for its first "
        "installation. Free some space, {again}",
        "fr": "Le disque est plein : dobble-print a besoin d’environ 1,5 Go libres pour sa "
        "première installation. Libérez de la place, {again}",
        "de": "Der Datenträger ist voll: dobble-print braucht für die erste Installation etwa "
        "1,5 GB freien Platz. Schaffen Sie Platz {again}",
        "es": "El disco está lleno: dobble-print necesita unos 1,5 GB libres para su primera "
        "instalación. Libere espacio {again}",
        "it": "Il disco è pieno: dobble-print ha bisogno di circa 1,5 GB liberi per la prima "
        "installazione. Liberate spazio, {again}",
        "ja": "ディスクがいっぱいです。dobble-print の初回インストールには約 1.5 GB の空きが"
        "必要です。空きを作り、{again}",
    },
    "not_writable": {
        "en": "dobble-print cannot write in its folder ({folder}): move the unpacked "
        "dobble-print folder to your Documents or Desktop, {again}",
        "fr": "dobble-print ne peut pas écrire dans son dossier ({folder}) : déplacez le dossier "
        "dobble-print décompressé dans vos Documents ou sur le Bureau, {again}",
        "de": "dobble-print kann nicht in seinen Ordner schreiben ({folder}): Verschieben Sie "
        "den entpackten dobble-print-Ordner in Ihre Dokumente oder auf den Schreibtisch {again}",
        "es": "dobble-print no puede escribir en su carpeta ({folder}): mueva la carpeta "
        "descomprimida de dobble-print a Documentos o al Escritorio {again}",
        "it": "dobble-print non può scrivere nella sua cartella ({folder}): spostate la "
        "cartella di dobble-print decompressa in Documenti o sulla Scrivania, {again}",
        "ja": "dobble-print のフォルダー（{folder}）に書き込めません。展開した dobble-print "
        "フォルダーを「書類」かデスクトップに移し、{again}",
    },
    "install_failed": {
        "en": "The installation stopped with an error (the details are below and in {log}): "
        "double-click “Start dobble-print” again to try once more.",
        "fr": "L’installation s’est arrêtée sur une erreur (les détails sont ci-dessous et dans "
        "{log}) : double-cliquez à nouveau sur « Start dobble-print » pour réessayer.",
        "de": "Die Installation brach mit einem Fehler ab (Einzelheiten unten und in {log}): "
        "Doppelklicken Sie erneut auf „Start dobble-print“, um es noch einmal zu versuchen.",
        "es": "La instalación se detuvo con un error (los detalles están abajo y en {log}): "
        "vuelva a hacer doble clic en «Start dobble-print» para intentarlo de nuevo.",
        "it": "L’installazione si è interrotta con un errore (i dettagli sono qui sotto e in "
        "{log}): fate di nuovo doppio clic su «Start dobble-print» per riprovare.",
        "ja": "インストールがエラーで止まりました（詳細は下と {log} にあります）。"
        "もう一度試すには「Start dobble-print」をダブルクリックしてください。",
    },
    "app_failed": {
        "en": "The deck maker stopped unexpectedly (the details are below and in {log}): "
        "double-click “Start dobble-print” again to start it once more.",
        "fr": "Le créateur de jeux s’est arrêté de façon inattendue (les détails sont ci-dessous "
        "et dans {log}) : double-cliquez à nouveau sur « Start dobble-print » pour le relancer.",
        "de": "Der Kartenspiel-Macher wurde unerwartet beendet (Einzelheiten unten und in {log}): "
        "Doppelklicken Sie erneut auf „Start dobble-print“, um ihn wieder zu starten.",
        "es": "El creador de barajas se detuvo de forma inesperada (los detalles están abajo y "
        "en {log}): vuelva a hacer doble clic en «Start dobble-print» para iniciarlo de nuevo.",
        "it": "Il creatore di mazzi si è fermato inaspettatamente (i dettagli sono qui sotto e "
        "in {log}): fate di nuovo doppio clic su «Start dobble-print» per riavviarlo.",
        "ja": "カード作成ページが予期せず止まりました（詳細は下と {log} にあります）。"
        "もう一度起動するには「Start dobble-print」をダブルクリックしてください。",
    },
}


def say(key, lang, **params):
    """One of the starter's sentences in ``lang`` (English when it has none)."""
    table = SENTENCES[key]
    text = table.get(lang) or table["en"]
    return text.format(again=AGAIN.get(lang, AGAIN["en"]), **params)


def pick_language(accept="", system=None):
    """The first of :data:`LANGS` the browser's ``Accept-Language`` names, else the system's."""
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    system = system_language() if system is None else system
    return system if system in LANGS else "en"


def system_language(environ=None, platform=None):
    """The computer's language as two letters: the locale variables, Windows' user interface
    language, or a Mac's first preferred language."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return value[:2].lower()
    try:
        if platform == "win32":
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
            return locale.windows_locale.get(lcid, "en")[:2]
        if platform == "darwin":
            out = subprocess.run(
                ["defaults", "read", "-g", "AppleLanguages"],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                timeout=5,
            ).stdout.decode()
            found = re.search(r"[A-Za-z]{2}", out)
            return found.group(0).lower() if found else "en"
    except Exception:
        pass
    return "en"


# -- what can be checked before anything is installed ------------------------------------------


def python_problem(version_info=None, platform=None, machine=None):
    """``(key, params)`` when this Python cannot run dobble-print, else None."""
    version_info = sys.version_info if version_info is None else version_info
    platform = sys.platform if platform is None else platform
    if machine is None:
        import platform as platform_module

        machine = platform_module.machine()
    found = "{}.{}".format(*version_info[:2])
    if not OLDEST <= tuple(version_info[:2]) <= NEWEST:
        return "python_version", {"found": found, "advised": ADVISED}
    if platform == "darwin" and machine == "x86_64":
        return "intel_mac", {}
    return None


RELAUNCHED = "DOBBLE_PRINT_START_RELAUNCHED"


def suitable_python(platform=None, which=shutil.which, exists=os.path.exists, run=None):
    """Another installed Python that can run dobble-print, as a command, when a double-click
    opened the starter with one that cannot (Windows' launcher picks the newest Python, a Mac the
    one last installed): Windows' ``pyw -3.12``, python.org's Mac ``python3.12``, else None."""
    platform = sys.platform if platform is None else platform
    run = run or (lambda command: subprocess.call(command, **child_options(platform)))
    versions = ["3.12", "3.11"]
    if platform == "win32":
        launcher = which("pyw") or which("py")
        for version in versions if launcher else []:
            try:
                if run([launcher, "-" + version, "-c", "pass"]) == 0:
                    return [launcher, "-" + version]
            except OSError:
                pass
        return None
    for version in versions:
        framework = f"/Library/Frameworks/Python.framework/Versions/{version}/bin/python{version}"
        if platform == "darwin" and exists(framework):
            return [framework]
        found = which("python" + version)
        if found:
            return [found]
    return None


def space_problem(folder, disk_usage=shutil.disk_usage):
    """``("disk_full", {})`` when the disk holding ``folder`` has too little room for .venv."""
    try:
        free = disk_usage(str(folder)).free
    except OSError:
        return None
    return ("disk_full", {}) if free < FREE_NEEDED else None


def folder_problem(folder):
    """``("unpacked"|"not_writable", ...)`` when the starter is not where it can install."""
    if not (folder / "pyproject.toml").is_file() or not (folder / "dobble_print").is_dir():
        return "unpacked", {}
    probe = folder / f".dobble-print-write-test-{os.getpid()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError:
        return "not_writable", {"folder": str(folder)}
    return None


OFFLINE_SIGNS = (
    "NewConnectionError",
    "Connection refused",
    "ConnectTimeout",
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Name or service not known",
    "nodename nor servname",
    "getaddrinfo failed",
    "Network is unreachable",
    "No route to host",
    "Read timed out",
    "ProxyError",
    "connection broken",
)
DISK_FULL_SIGNS = ("No space left on device", "Errno 28", "WinError 112", "not enough space")


NOTHING_FOUND_SIGNS = ("(from versions: none)", "No matching distribution found")


def index_reachable(environ=None, timeout=3.0):
    """The package index pip uses (``PIP_INDEX_URL``, else pypi.org) accepts a connection."""
    environ = os.environ if environ is None else environ
    url = urllib.parse.urlsplit(environ.get("PIP_INDEX_URL") or "https://pypi.org/simple/")
    if url.scheme not in ("http", "https") or not url.hostname:
        return True
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        socket.create_connection((url.hostname, port), timeout=timeout).close()
    except OSError:
        return False
    return True


def install_problem(output, reachable=index_reachable):
    """The plain sentence's key for pip's (or venv's) failed output: pip names a refused
    connection when it retried one, and says only "from versions: none" when it did not (then
    the index itself is tried)."""
    if any(sign in output for sign in DISK_FULL_SIGNS):
        return "disk_full"
    if any(sign in output for sign in OFFLINE_SIGNS):
        return "offline"
    if any(sign in output for sign in NOTHING_FOUND_SIGNS) and not reachable():
        return "offline"
    return "install_failed"


# -- the .venv, the way the Makefile and the README's steps make it ----------------------------


def venv_python(venv, platform=None):
    """The .venv's python: ``Scripts\\python.exe`` on Windows, ``bin/python`` elsewhere."""
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def base_python(executable=None, platform=None):
    """The Python that makes the .venv: on Windows the console ``python.exe`` beside the
    ``pythonw.exe`` a double-click runs (its output can be read; no window opens for it)."""
    executable = Path(sys.executable if executable is None else executable)
    platform = sys.platform if platform is None else platform
    if platform == "win32" and executable.name.lower() == "pythonw.exe":
        console = executable.with_name("python.exe")
        if console.exists():
            return console
    return executable


def child_options(platform=None):
    """Popen's keywords so a child opens no console window on Windows."""
    platform = sys.platform if platform is None else platform
    return {"creationflags": CREATE_NO_WINDOW} if platform == "win32" else {}


def project_stamp(folder):
    """What the ready stamp holds: pyproject.toml's digest (a changed one installs again)."""
    return hashlib.sha256((folder / "pyproject.toml").read_bytes()).hexdigest()


def is_ready(folder):
    """The .venv was completed by this starter for this pyproject.toml."""
    venv = folder / ".venv"
    try:
        stamp = (venv / READY_NAME).read_text().strip()
    except OSError:
        return False
    return stamp == project_stamp(folder) and venv_python(venv).exists()


def child_env():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONHOME", None)
    env.update(PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


# -- the state file: a second double-click finds the running starter and its app -------------


def read_state(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_state(path, state):
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(state), encoding="utf-8")
    os.replace(str(part), str(path))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect)


def answers(url, expected=(200,), timeout=2.0):
    """The URL on 127.0.0.1 answers with one of ``expected``: alive, and ours (its token)."""
    if not url:
        return False
    try:
        with _opener.open(url, timeout=timeout) as reply:
            return reply.status in expected
    except urllib.error.HTTPError as error:
        return error.code in expected
    except (OSError, ValueError):
        return False


def app_alive(state):
    """The app answers its secret address (303: it sets the key's cookie and shows the page)."""
    return answers(state.get("app"), expected=(200, 303))


def control_alive(state):
    return answers((state.get("control") or "") + "status", expected=(200,))


def reopen(state, open_url=webbrowser.open):
    """A second double-click: open the running app's page (and the starter's own page when no
    tab shows it, so Stop stays in reach). True when something was running."""
    if not state:
        return False
    if app_alive(state):
        open_url(state["app"])
        control = state.get("control")
        if control and not answers(control + "watched", expected=(200,)):
            open_url(control)
        return True
    if control_alive(state):  # still installing or starting
        open_url(state["control"])
        return True
    return False


# -- the starter: install, start the app, and show it all on a page ---------------------------


class Starter:
    """What the page shows: the steps done, the current one, a failure and its details."""

    STEPS = ("step_check", "step_venv", "step_install", "step_start")

    def __init__(self, folder, open_url=webbrowser.open):
        self.folder = folder
        self.venv = folder / ".venv"
        self.log_path = folder / LOG_NAME
        self.state_path = folder / STATE_NAME
        self.open_url = open_url
        self.lock = threading.Lock()
        self.step = "step_check"
        self.phase = "working"  # working, running, failed, stopped
        self.problem = None  # (key, params)
        self.details = []
        self.parts = 0
        self.app_url = None
        self.app = None
        self.app_tmp = None
        self.control_url = None
        self.last_seen = 0.0
        self.finished = threading.Event()

    # the page asks
    def status(self, lang):
        with self.lock:
            done = self.STEPS.index(self.step) if self.step in self.STEPS else len(self.STEPS)
            if self.phase in ("running", "stopped"):
                done = len(self.STEPS)
            reply = {
                "phase": self.phase,
                "steps": [
                    {"text": say(key, lang), "done": i < done, "current": i == done}
                    for i, key in enumerate(self.STEPS)
                ],
                "parts": say("parts", lang, n=self.parts) if self.parts else "",
                "details": "\n".join(self.details[-40:]),
                "app": self.app_url if self.phase == "running" else None,
            }
            if self.problem:
                key, params = self.problem
                reply["problem_key"] = key
                reply["problem"] = say(key, lang, **params)
            return reply

    def fail(self, key, params=None, details=None):
        with self.lock:
            self.phase = "failed"
            self.problem = (key, params or {})
            if details:
                self.details.extend(details)
        self._log(f"failed: {key} {params}")
        self._forget()
        self.finished.set()

    def _log(self, line):
        try:
            with open(str(self.log_path), "a", encoding="utf-8") as log:
                log.write(line.rstrip("\n") + "\n")
        except OSError:
            pass

    def _forget(self):
        try:
            self.state_path.unlink()
        except OSError:
            pass

    def _save(self):
        state = {"control": self.control_url, "app": self.app_url, "pid": os.getpid()}
        state["app_pid"] = self.app.pid if self.app else None
        try:
            write_state(self.state_path, state)
        except OSError:
            pass

    def _run_logged(self, command, on_line=None):
        """Run a child, its output into the log and the page's details; its return code."""
        self._log("$ " + " ".join(str(part) for part in command))
        proc = subprocess.Popen(
            [str(part) for part in command],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=str(self.folder),
            env=child_env(),
            **child_options(),
        )
        for raw in proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip()
            self._log(line)
            with self.lock:
                self.details.append(line)
                if on_line:
                    on_line(line)
        return proc.wait()

    def _count_parts(self, line):
        if line.startswith("Collecting "):  # pip's line for each package it fetches
            self.parts += 1

    def _set_step(self, step):
        with self.lock:
            self.step = step

    def install(self):
        """Make the .venv and install dobble-print into it; the ready stamp is written last, so
        a failed or interrupted install is never taken as ready (the next run finishes it)."""
        python = venv_python(self.venv)
        self._set_step("step_venv")
        reusable = python.exists() and self._quiet([python, "-m", "pip", "--version"]) == 0
        if not reusable:
            shutil.rmtree(str(self.venv), ignore_errors=True)
            before = len(self.details)
            code = self._run_logged([base_python(), "-m", "venv", str(self.venv)])
            if code != 0 or not python.exists():
                output = "\n".join(self.details[before:])
                shutil.rmtree(str(self.venv), ignore_errors=True)
                return install_problem(output)
        site = os.environ.get(TEST_SITE)
        if site:
            self._add_site(python, site)
        self._set_step("step_install")
        before = len(self.details)
        command = [python, "-m", "pip", "install", "--no-input", "--progress-bar", "off", "-e", "."]
        code = self._run_logged(command, on_line=self._count_parts)
        if code != 0:
            return install_problem("\n".join(self.details[before:]))
        (self.venv / READY_NAME).write_text(project_stamp(self.folder) + "\n")
        return None

    def _quiet(self, command):
        try:
            return subprocess.run(
                [str(part) for part in command],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                stdin=subprocess.DEVNULL,
                env=child_env(),
                timeout=60,
                **child_options(),
            ).returncode
        except (OSError, subprocess.SubprocessError):
            return 1

    def _add_site(self, python, site):
        code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
        out = subprocess.run([str(python), "-c", code], stdout=subprocess.PIPE, env=child_env())
        purelib = Path(out.stdout.decode().strip())
        (purelib / "dobble-print-test-site.pth").write_text(site + "\n")

    def start_app(self):
        """``python -m dobble_print app`` from the .venv; True once it has said its address."""
        self._set_step("step_start")
        command = [venv_python(self.venv), "-m", "dobble_print", "app", "--no-browser"]
        self._log("$ " + " ".join(str(part) for part in command))
        # The app's temporary folder inside one of the starter's own, removed after it ends:
        # Windows has no SIGTERM, so there Stop ends the app without its own clean-up.
        self.app_tmp = tempfile.mkdtemp(prefix="dobble-print-start-")
        env = child_env()
        env.update(TMPDIR=self.app_tmp, TEMP=self.app_tmp, TMP=self.app_tmp)
        self.app = subprocess.Popen(
            [str(part) for part in command],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=str(self.folder),
            env=env,
            **child_options(),
        )
        address = re.compile(r"(http://127\.0\.0\.1:\d+/\?token=[\w-]+)")
        for raw in self.app.stdout:
            line = raw.decode("utf-8", "replace").rstrip()
            self._log(line)
            with self.lock:
                self.details.append(line)
            found = address.search(line)
            if found:
                with self.lock:
                    self.app_url = found.group(1)
                    self.phase = "running"
                threading.Thread(target=self._drain, daemon=True).start()
                return True
        self.app.wait()
        return False

    def _drain(self):
        for raw in self.app.stdout:
            self._log(raw.decode("utf-8", "replace").rstrip())
        self.app.wait()
        with self.lock:
            stopping = self.phase == "stopped"
        if not stopping:
            self.remove_app_tmp()
            self.fail("app_failed", {"log": LOG_NAME})

    def run(self):
        """The steps, in the background while the page shows them."""
        try:
            problem = folder_problem(self.folder)
            if problem:
                return self.fail(*problem)
            self._log(f"--- {time.ctime()}, Python {sys.version.split()[0]} on {sys.platform}")
            if not is_ready(self.folder):
                problem = space_problem(self.folder)
                if problem:
                    return self.fail(*problem)
                key = self.install()
                if key:
                    return self.fail(key, {"log": LOG_NAME})
            self._save()
            if not self.start_app():
                return self.fail("app_failed", {"log": LOG_NAME})
            self._save()
            self.open_url(self.app_url)
        except Exception as error:  # anything unforeseen: said on the page, never a traceback
            self.fail("install_failed", {"log": LOG_NAME}, details=[repr(error)])

    def stop(self):
        with self.lock:
            if self.phase == "stopped":
                return
            self.phase = "stopped"
        self._forget()
        app = self.app
        if app and app.poll() is None:
            app.terminate()  # POSIX: SIGTERM, which the app ends like Ctrl-C, removing its files
            try:
                app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
        self.remove_app_tmp()
        self.finished.set()

    def remove_app_tmp(self):
        """The pictures and decks the app stored, gone even when it could not remove them."""
        if self.app_tmp:
            shutil.rmtree(self.app_tmp, ignore_errors=True)


class _Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True


def make_handler(starter, token, port):
    """The starter's page: only at ``/<token>/`` on 127.0.0.1; Stop needs the token and a
    header no other site's page can send without asking first."""
    base = f"/{token}/"
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def _send(self, code, body, kind):
            data = body.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Frame-Options", "DENY")
            self.end_headers()
            self.wfile.write(data)

        def _lang(self):
            return pick_language(self.headers.get("Accept-Language", ""))

        def _allowed(self):
            return self.headers.get("Host") in hosts and self.path.startswith(base)

        def do_GET(self):
            if not self._allowed():
                return self._send(404, "", "text/plain")
            rest = self.path[len(base) :]
            if rest == "":
                return self._send(200, page(self._lang(), token), "text/html; charset=utf-8")
            if rest.startswith("status"):
                lang = rest.partition("lang=")[2][:2] or self._lang()
                if "poll" in rest:
                    starter.last_seen = time.monotonic()
                reply = json.dumps(starter.status(lang if lang in LANGS else "en"))
                return self._send(200, reply, "application/json")
            if rest == "watched":
                watched = time.monotonic() - starter.last_seen < 5
                return self._send(200 if watched else 404, "", "text/plain")
            return self._send(404, "", "text/plain")

        def do_POST(self):
            if not self._allowed() or self.headers.get("X-Start") != "1":
                return self._send(403, "", "text/plain")
            if self.path[len(base) :] == "stop":
                self._send(200, "{}", "application/json")
                threading.Thread(target=starter.stop, daemon=True).start()
                return None
            return self._send(404, "", "text/plain")

    return Handler


def page(lang, token):
    """The starter's page: its steps, then "running" with Open and Stop, or the failure."""
    words = {key: say(key, lang) for key in ("title", "open", "stop", "stopped", "details")}
    words.update(running=say("running", lang), keep=say("keep", lang), failed=say("failed", lang))
    return (
        PAGE.replace("{{lang}}", lang)
        .replace("{{title}}", html.escape(words["title"]))
        .replace("{{words}}", json.dumps(words).replace("<", "\\u003c"))
    )


PAGE = """<!doctype html>
<html lang="{{lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
body{font:18px/1.5 system-ui,sans-serif;max-width:40em;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}
ol{list-style:none;padding:0}
li{padding:.3em 0 .3em 2em;position:relative;color:#888}
li.done{color:#222}
li.done:before{content:"\\2713";position:absolute;left:.3em;color:#1a7f37;font-weight:bold}
li.current{color:#222;font-weight:600}
li.failed{color:#b3261e;font-weight:600}
li.failed:before{content:"\\2717";position:absolute;left:.3em;font-weight:bold}
li.current:before{content:"";position:absolute;left:.3em;top:.55em;width:.8em;height:.8em;
border:3px solid #ccc;border-top-color:#1558b0;border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
#parts{color:#555;margin-left:2em}
#problem{border-left:6px solid #c62828;background:#fdecea;padding:.8em 1em;font-weight:600}
#running{border-left:6px solid #1a7f37;background:#e9f6ec;padding:.8em 1em}
button,a.button{font:inherit;padding:.5em 1.1em;margin:.4em .6em .4em 0;border-radius:6px;
border:2px solid #1558b0;background:#1558b0;color:#fff;text-decoration:none;display:inline-block;
cursor:pointer}
button.stop{background:#fff;color:#b3261e;border-color:#b3261e}
details{margin-top:1.5em}
pre{white-space:pre-wrap;font-size:13px;background:#f4f4f4;padding:.6em;max-height:20em;overflow:auto}
[hidden]{display:none!important}
</style></head><body>
<main>
<h1 id="title">{{title}}</h1>
<ol id="steps"></ol>
<p id="parts"></p>
<div id="running" hidden><p id="running-text"></p>
<p><a class="button" id="open" target="_blank" rel="noopener"></a>
<button class="stop" id="stop" type="button"></button></p><p id="keep"></p></div>
<p id="problem" role="alert" hidden></p>
<p id="stopped" role="status" hidden></p>
<details id="more" hidden><summary id="details-label"></summary><pre id="details"></pre></details>
</main>
<script>
const W = {{words}};
const $ = (id) => document.getElementById(id);
$("open").textContent = W.open; $("stop").textContent = W.stop;
$("details-label").textContent = W.details; $("keep").textContent = W.keep;
$("running-text").textContent = W.running;
let ended = false;
function show(s) {
  const ol = $("steps"); ol.textContent = "";
  for (const step of s.steps) {
    const li = document.createElement("li"); li.textContent = step.text;
    if (step.done) li.className = "done";
    else if (step.current && s.phase === "working") li.className = "current";
    else if (step.current && s.phase === "failed") li.className = "failed";
    ol.append(li);
  }
  $("parts").textContent = s.phase === "working" ? s.parts : "";
  $("running").hidden = s.phase !== "running";
  if (s.app) $("open").href = s.app;
  $("problem").hidden = s.phase !== "failed";
  if (s.problem) { $("problem").textContent = s.problem; $("title").textContent = W.failed; }
  if (s.phase === "running" || s.phase === "stopped") $("title").textContent = "dobble-print";
  $("stopped").hidden = s.phase !== "stopped";
  $("stopped").textContent = W.stopped;
  $("more").hidden = !s.details || s.phase === "stopped";
  $("more").open = s.phase === "failed";
  $("details").textContent = s.details;
  if (s.phase === "failed" || s.phase === "stopped") ended = true;
}
async function poll() {
  try {
    const r = await fetch("status?poll=1&lang={{lang}}", {cache: "no-store"});
    show(await r.json());
  } catch (e) { if (!ended) { ended = true; show({phase: "stopped", steps: []}); } }
  if (!ended) setTimeout(poll, 700);
}
$("stop").addEventListener("click", async () => {
  $("stop").disabled = true;
  try { await fetch("stop", {method: "POST", headers: {"X-Start": "1"}}); } catch (e) {}
  ended = true;
  show({phase: "stopped", steps: [], details: ""});
});
poll();
</script></body></html>
"""


def serve(starter):
    """The page on a free port of 127.0.0.1, until the app is stopped or the failure was shown."""
    token = secrets.token_urlsafe(16)
    server = _Server(("127.0.0.1", 0), None)
    port = server.server_address[1]
    server.RequestHandlerClass = make_handler(starter, token, port)
    starter.control_url = f"http://127.0.0.1:{port}/{token}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    starter = Starter(HERE)
    state_path = HERE / STATE_NAME
    if reopen(read_state(state_path)):
        return 0
    problem = python_problem()
    other = suitable_python() if problem and not os.environ.get(RELAUNCHED) else None
    if other:  # the right Python is installed too: the starter runs again with it
        env = dict(os.environ, **{RELAUNCHED: "1"})
        subprocess.Popen(other + [str(Path(__file__).resolve())], env=env, **child_options())
        return 0
    server = serve(starter)
    if problem:
        starter.fail(*problem)
    else:
        starter._save()
        threading.Thread(target=starter.run, daemon=True).start()
    webbrowser.open(starter.control_url)
    starter.finished.wait()
    if starter.phase == "failed":
        # the page shows the failure: wait until it was fetched (or a minute), then end
        end = time.monotonic() + 60
        while time.monotonic() < end and starter.last_seen == 0.0:
            time.sleep(0.2)
        time.sleep(2)
        if starter.app and starter.app.poll() is None:
            starter.app.terminate()
    else:
        time.sleep(1)  # the page gets its last answer
    server.shutdown()
    return 1 if starter.phase == "failed" else 0


if __name__ == "__main__":
    sys.exit(main())
