# congkak_e2e.py — drives the app through the accessibility bus (AT-SPI),
# the way screen readers and GNOME's own UI tests see it.
#
# Copyright 2026 Congkak developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Each Session has its own X server (Xvfb), its own D-Bus session bus (the
# AT-SPI bus is started from it by D-Bus activation) and its own HOME and
# XDG folders, so settings, autosaves and recent files of one test never
# reach another.  Settings use GLib's keyfile backend in that HOME, so
# they survive a restart of the app, as dconf would.
#
# Nothing waits for a fixed time: every step waits for a condition seen
# through AT-SPI (or a file), with a deadline, and on failure the session
# writes the accessible tree, a screenshot and the app's output to the
# artifacts folder.

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

DEFAULT_TIMEOUT = 30.0


class E2EFailure(AssertionError):
    pass


def _read_line_from_fd(fd, timeout):
    """Reads one line written by a child to the pipe @fd."""
    deadline = time.monotonic() + timeout
    data = b""
    import select
    while b"\n" not in data:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise E2EFailure("timed out waiting for a child to start")
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    return data.decode().strip()


class Session:
    """A display, a session bus and a home of its own."""

    def __init__(self, name, app, cli, schema_dir, artifacts, app_id):
        self.scenario = name
        # io.github.congkak.Congkak, or …Congkak.Devel for a development
        # build: it names the settings' path and the app's folders.
        self.app_id = app_id
        self.app_path = os.path.abspath(app)
        self.cli_path = os.path.abspath(cli)
        self.artifacts = os.path.abspath(os.path.join(artifacts, name))
        shutil.rmtree(self.artifacts, ignore_errors=True)
        os.makedirs(self.artifacts, exist_ok=True)
        self.tmp = tempfile.mkdtemp(prefix="congkak-e2e-")
        self.home = os.path.join(self.tmp, "home")
        self.files = os.path.join(self.tmp, "files")
        self.processes = []
        self.peers = []
        self.app = None
        self.app_log = None
        self.app_runs = 0
        self.announcements = []
        self.label = ""  # before each line of the log, when two apps run
        self._cached = {}
        self._started = time.monotonic()

        env = {key: value for key, value in os.environ.items()
               if key not in ("NO_AT_BRIDGE", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS",
                              "AT_SPI_BUS_ADDRESS", "DISPLAY", "GSETTINGS_BACKEND",
                              "XDG_SESSION_TYPE")}
        env.update({
            "HOME": self.home,
            "XDG_CONFIG_HOME": os.path.join(self.home, ".config"),
            "XDG_DATA_HOME": os.path.join(self.home, ".local", "share"),
            "XDG_CACHE_HOME": os.path.join(self.home, ".cache"),
            "XDG_STATE_HOME": os.path.join(self.home, ".local", "state"),
            "XDG_RUNTIME_DIR": os.path.join(self.tmp, "runtime"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.abspath(schema_dir),
            "GTK_A11Y": "atspi",
            "GDK_BACKEND": "x11",
            "GSK_RENDERER": "cairo",
            # No file chooser portal in the test session: GtkFileDialog
            # falls back to GTK's own file chooser, driven below.
            "GDK_DEBUG": "no-portals",
            "LANG": "C.UTF-8",
            "LANGUAGE": "C",
            "LC_ALL": "C.UTF-8",
        })
        for key in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                    "XDG_STATE_HOME", "XDG_RUNTIME_DIR"):
            os.makedirs(env[key], mode=0o700, exist_ok=True)
        os.makedirs(self.files, exist_ok=True)
        self.env = env

    # Set-up and tear-down

    def start(self):
        self._start_display()
        self._start_bus()
        # This process talks to the same buses, so pyatspi is imported only now.
        os.environ.update(self.env)
        global pyatspi, GLib
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi, GLib
        import pyatspi
        # An action can take a while to return: activating "Save" builds
        # the file chooser before GTK replies.  libatspi gives up after
        # 0.8 s by default; a loaded test machine needs more.
        Atspi.set_timeout(10000, 30000)
        self.registry = pyatspi.Registry
        self.registry.registerEventListener(self._on_announcement, "object:announcement")
        return self

    def _start_display(self):
        read_fd, write_fd = os.pipe()
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.artifacts, "xvfb.log"), "wb"))
        os.close(write_fd)
        self.processes.append(xvfb)
        self.env["DISPLAY"] = ":" + _read_line_from_fd(read_fd, 20)
        os.close(read_fd)

    def _start_bus(self):
        read_fd, write_fd = os.pipe()
        bus = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile",
             "--print-address=%d" % write_fd],
            pass_fds=(write_fd,), env=self.env, stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(self.artifacts, "dbus.log"), "wb"))
        os.close(write_fd)
        self.processes.append(bus)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = _read_line_from_fd(read_fd, 20)
        os.close(read_fd)

    def add_peer(self, name):
        """A second session for another app process on this session's X
        display and accessibility bus, with a home and a session bus of its
        own (the app is a unique GApplication per session bus)."""
        peer = Session(name, self.app_path, self.cli_path, self.env["GSETTINGS_SCHEMA_DIR"],
                       os.path.dirname(self.artifacts), self.app_id)
        peer.env["DISPLAY"] = self.env["DISPLAY"]
        peer._start_bus()
        from gi.repository import Gio
        reply = Gio.bus_get_sync(Gio.BusType.SESSION, None).call_sync(
            "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
            GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 10000, None)
        peer.env["AT_SPI_BUS_ADDRESS"] = reply.unpack()[0]
        peer.registry = self.registry
        peer.announcements = self.announcements
        peer._started = self._started
        self.peers.append(peer)
        return peer

    def close(self):
        for peer in self.peers:
            peer.close()
        if self.app and self.app.poll() is None:
            self.app.terminate()
            try:
                self.app.wait(5)
            except subprocess.TimeoutExpired:
                self.app.kill()
                self.app.wait()
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if self.app_log:
            self.app_log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def log(self, message):
        print("# [%5.1f s] %s%s" % (time.monotonic() - self._started, self.label, message), flush=True)

    # Settings, as the app reads them (keyfile backend)

    def write_settings(self, values):
        """Sets keys of the app's schema (values in GVariant text, such as
        "40.0"), as `gsettings set` would; only while the app is not running."""
        folder = os.path.join(self.env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "keyfile")
        keyfile = GLib.KeyFile()
        if os.path.exists(path):
            keyfile.load_from_file(path, GLib.KeyFileFlags.NONE)
        for key, value in values.items():
            keyfile.set_value(self.app_id.replace(".", "/"), key, value)
        keyfile.save_to_file(path)

    # The app

    def launch(self, *args):
        self.app_runs += 1
        self._cached = {}
        if self.app_log:
            self.app_log.close()
        self.app_log = open(os.path.join(self.artifacts, "app-%d.log" % self.app_runs), "wb")
        self.log("starting congkak %s" % " ".join(args))
        self.app = subprocess.Popen([self.app_path, *args], env=self.env, cwd=self.files,
                                    stdout=self.app_log, stderr=subprocess.STDOUT)
        self.processes.append(self.app)
        self.root = self.wait_for(self._find_app, "the app on the accessibility bus", timeout=30)
        return self.root

    def _find_app(self):
        if self.app.poll() is not None:
            raise E2EFailure("the app exited with status %d" % self.app.returncode)
        desktop = self.registry.getDesktop(0)
        for i in range(desktop.childCount):
            child = desktop.getChildAtIndex(i)
            try:
                if child is not None and child.get_process_id() == self.app.pid:
                    return child
            except Exception:
                continue
        return None

    def wait_exit(self, timeout=DEFAULT_TIMEOUT):
        try:
            status = self.app.wait(timeout)
        except subprocess.TimeoutExpired:
            raise E2EFailure("the app did not exit within %.0f s" % timeout)
        self.log("the app exited with status %d" % status)
        return status

    def kill(self):
        self.log("killing the app (SIGKILL)")
        self.app.send_signal(signal.SIGKILL)
        self.app.wait()

    # Waiting

    def pump(self):
        """Lets AT-SPI deliver events (announcements) to this process."""
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass

    def wait_for(self, condition, what, timeout=DEFAULT_TIMEOUT):
        """Polls @condition until it returns something true, and returns that."""
        deadline = time.monotonic() + timeout
        last_error = None
        delay = 0.02
        while True:
            self.pump()
            try:
                result = condition()
                if result:
                    return result
            except E2EFailure:
                raise
            except Exception as error:  # the tree changes under our feet
                last_error = error
            if time.monotonic() > deadline:
                raise E2EFailure("timed out after %.0f s waiting for %s%s" % (
                    timeout, what, " (last error: %r)" % last_error if last_error else ""))
            time.sleep(delay)
            delay = min(delay * 2, 0.2)

    def _on_announcement(self, event):
        self.announcements.append(str(event.any_data))

    # Finding

    # Roles whose accessibles have no children worth a search.
    LEAF_ROLES = {"label", "text", "image", "icon", "separator", "status bar", "slider", "filler"}

    def find_all(self, role=None, name=None, root=None):
        """Every showing accessible under @root with @role and a name that
        matches the regular expression @name (whole name), in tree order.
        Each property is a D-Bus call to the app (GTK has no AT-SPI cache),
        so the search asks only what it needs: the role of every node, the
        name and state of those with the right role."""
        root = root or self.root
        pattern = re.compile(name) if isinstance(name, str) else name
        found = []

        def visit(acc):
            try:
                count = acc.childCount
            except Exception:
                return
            for i in range(count):
                try:
                    child = acc.getChildAtIndex(i)
                    child_role = child.getRoleName()
                    if ((role is None or child_role == role)
                            and (pattern is None or pattern.fullmatch(self.accessible_name(child)))
                            and child.getState().contains(pyatspi.STATE_SHOWING)):
                        found.append(child)
                except Exception:  # gone while we looked
                    continue
                if child_role not in self.LEAF_ROLES:
                    visit(child)

        visit(root)
        return found

    def accessible_name(self, acc):
        """@acc's accessible name; for an unnamed accessible, the text of
        what labels it.  (GTK 4.18 gives popover menu items no name of
        their own: only a LABELLED_BY relation to a label without a role.)"""
        if acc.name:
            return acc.name
        for relation in acc.getRelationSet():
            if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
                parts = []
                for i in range(relation.getNTargets()):
                    target = relation.getTarget(i)
                    try:
                        parts.append(target.name or self.text(target))
                    except NotImplementedError:
                        pass
                return " ".join(parts)
        return ""

    def find(self, role=None, name=None, root=None, timeout=DEFAULT_TIMEOUT):
        """Waits for one accessible with @role and @name, and returns it."""
        what = "%s %s" % (role or "an accessible", "named /%s/" % name if name else "")
        return self.wait_for(lambda: (self.find_all(role, name, root) or [None])[0], what, timeout)

    def _remembered(self, role, name):
        """A widget found before, if it is still there, showing and named so."""
        acc = self._cached.get((role, name))
        if acc is None:
            return None
        try:
            if (acc.getRoleName() == role and acc.getState().contains(pyatspi.STATE_SHOWING)
                    and (name is None or re.fullmatch(name, self.accessible_name(acc)))):
                return acc
        except Exception:
            pass
        return None

    def find_cached(self, role, name=None, timeout=DEFAULT_TIMEOUT):
        """find(), remembering the accessible.  A whole-tree search costs a
        few D-Bus calls per widget, so the widgets used after every move
        (the board, the status line, the replay buttons) are found once per
        run of the app and only checked afterwards."""
        acc = self._remembered(role, name)
        if acc is None:
            acc = self._cached[(role, name)] = self.find(role, name, timeout=timeout)
        return acc

    def gone(self, acc, what, timeout=DEFAULT_TIMEOUT):
        """Waits until @acc (a dialog, say) is closed: no longer showing,
        defunct, or gone from the bus."""
        def closed():
            try:
                states = acc.getState()
                return (states.contains(pyatspi.STATE_DEFUNCT)
                        or not states.contains(pyatspi.STATE_SHOWING))
            except Exception:
                return True
        self.wait_for(closed, what + " to close", timeout)

    def pressed(self, acc):
        return acc.getState().contains(pyatspi.STATE_PRESSED)

    def absent(self, role=None, name=None, root=None, timeout=DEFAULT_TIMEOUT):
        what = "no %s named /%s/" % (role or "accessible", name)
        self.wait_for(lambda: not self.find_all(role, name, root), what, timeout)

    # Acting

    def activate(self, acc, action=None):
        """Runs @acc's AT-SPI action: its first one, or the one named @action."""
        actions = acc.queryAction()
        names = [actions.getName(i) for i in range(actions.nActions)]
        index = names.index(action) if action else 0
        if not names:
            raise E2EFailure("%s %r has no action" % (acc.getRoleName(), acc.name))
        self.log("%s %r: %s" % (acc.getRoleName(), self.accessible_name(acc), names[index]))
        if not actions.doAction(index):
            raise E2EFailure("%s %r refused %s" % (acc.getRoleName(), self.accessible_name(acc), names[index]))

    def click(self, role, name, root=None, timeout=DEFAULT_TIMEOUT):
        """Waits for an enabled accessible with @role and @name (under @root,
        or anywhere in the app, remembered) and runs its action."""
        def enabled():
            candidates = [self._remembered(role, name)] if root is None else []
            candidates = [acc for acc in candidates if acc is not None] or self.find_all(role, name, root)
            acc = self._sensitive(candidates)
            if acc is not None and root is None:
                self._cached[(role, name)] = acc
            return acc

        acc = self.wait_for(enabled, "%s /%s/ to be enabled" % (role, name), timeout)
        self.activate(acc)
        return acc

    def _sensitive(self, candidates):
        for acc in candidates:
            if acc.getState().contains(pyatspi.STATE_SENSITIVE):
                return acc
        return None

    def press_mnemonic(self, letter):
        """Alt and @letter, as typed on the keyboard (XTest through the
        AT-SPI registry), for rows that offer no accessible action
        (AdwButtonRow, AdwExpanderRow in libadwaita 1.7).  The keys go to
        the window with the keyboard focus: the app's last presented one."""
        from gi.repository import Atspi
        self.log("Alt+%s" % letter)
        alt = 1 << 3  # Mod1Mask
        Atspi.generate_keyboard_event(alt, None, Atspi.KeySynthType.LOCKMODIFIERS)
        try:
            Atspi.generate_keyboard_event(ord(letter), None, Atspi.KeySynthType.SYM)
        finally:
            Atspi.generate_keyboard_event(alt, None, Atspi.KeySynthType.UNLOCKMODIFIERS)

    def text(self, acc):
        text = acc.queryText()
        return text.getText(0, text.characterCount)

    def set_text(self, acc, value):
        """Replaces the text of an editable accessible, as a screen reader's
        editing commands do."""
        editable = acc.queryEditableText()
        editable.setTextContents(value)

    # Evidence on failure

    def dump_tree(self, path):
        with open(path, "w") as out:
            desktop = self.registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                if app is not None:
                    self._dump(app, 0, out)

    def _dump(self, acc, depth, out):
        try:
            states = acc.getState()
            flags = [flag for flag, state in (("showing", pyatspi.STATE_SHOWING),
                                              ("sensitive", pyatspi.STATE_SENSITIVE),
                                              ("focused", pyatspi.STATE_FOCUSED),
                                              ("checked", pyatspi.STATE_CHECKED),
                                              ("pressed", pyatspi.STATE_PRESSED))
                     if states.contains(state)]
            line = "%s[%s] %r" % ("  " * depth, acc.getRoleName(), self.accessible_name(acc))
            if acc.description:
                line += " description=%r" % acc.description
            if not acc.name and acc.getRoleName() in ("status bar", "label", "text", "entry"):
                try:
                    line += " text=%r" % self.text(acc)
                except NotImplementedError:
                    pass
            if flags:
                line += " (%s)" % ", ".join(flags)
            out.write(line + "\n")
            for i in range(acc.childCount):
                child = acc.getChildAtIndex(i)
                if child is not None:
                    self._dump(child, depth + 1, out)
        except Exception as error:
            out.write("%s(%r)\n" % ("  " * depth, error))

    def save_evidence(self, label):
        tree = os.path.join(self.artifacts, "%s-tree.txt" % label)
        shot = os.path.join(self.artifacts, "%s-screen.png" % label)
        try:
            self.dump_tree(tree)
        except Exception as error:
            print("# could not dump the accessible tree: %r" % error)
        try:
            subprocess.run(["import", "-display", self.env["DISPLAY"], "-window", "root", shot],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=20)
        except (OSError, subprocess.TimeoutExpired) as error:
            print("# no screenshot: %r" % error)
        print("# the accessible tree, a screenshot and the app's output are in %s" % self.artifacts,
              flush=True)

    # congkak-cli, the engine's opinion

    def cli(self, *args):
        result = subprocess.run([self.cli_path, *args], capture_output=True, text=True, env=self.env)
        if result.returncode != 0:
            raise E2EFailure("congkak-cli %s failed: %s" % (" ".join(args), result.stderr))
        return result.stdout


def main(scenarios):
    """Runs the scenario named on the command line:
    SCRIPT NAME --app PATH --cli PATH --schema-dir DIR --artifacts DIR [--app-id ID]
    Exit status 0 when it passes, 1 when it fails, 77 when it cannot run."""
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=sorted(scenarios))
    parser.add_argument("--app", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--schema-dir", required=True)
    parser.add_argument("--artifacts", required=True)
    parser.add_argument("--app-id", default="io.github.congkak.Congkak")
    options = parser.parse_args()

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from congkak_skip import skip_missing
    packages = {"Xvfb": "Debian: xvfb, Fedora: xorg-x11-server-Xvfb, Arch: xorg-server-xvfb",
                "dbus-daemon": "Debian and Arch: dbus, Fedora: dbus-daemon"}
    for tool in ("Xvfb", "dbus-daemon"):
        if shutil.which(tool) is None:
            skip_missing("%s is missing (%s)" % (tool, packages[tool]))
    try:
        import gi
        gi.require_version("Atspi", "2.0")
        import pyatspi  # noqa: F401
    except (ImportError, ValueError) as error:
        skip_missing("pyatspi is missing (%s; Debian and Fedora: python3-pyatspi, Arch: python-atspi)" % error)

    session = Session(options.scenario, options.app, options.cli, options.schema_dir, options.artifacts,
                      options.app_id)
    try:
        session.start()
        scenarios[options.scenario](session)
        session.log("passed")
        return 0
    except Exception as error:
        traceback.print_exc(file=sys.stdout)
        session.save_evidence("failure")
        print("FAILED: %s" % error, flush=True)
        return 1
    finally:
        session.close()
