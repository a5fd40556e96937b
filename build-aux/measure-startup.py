#!/usr/bin/env python3
# Start-up of Congkak against gnome-chess, side by side: from launch to the
# first viewable window of each app (its own window, not GDK's 1x1 leader
# window of the same name), and its resident memory 3 s later; interleaved
# runs in one X session. A benchmark, not a test: it needs gnome-chess
# (Debian: apt install gnome-chess) and xwininfo (x11-utils). For example:
#   build-aux/shell xvfb-run -a dbus-run-session -- \
#     python3 build-aux/measure-startup.py --builddir _build-release --runs 7
import argparse
import os
import re
import subprocess
import time


def viewable(title):
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    for m in re.finditer(r'(0x[0-9a-f]+) "%s": \(.*\)\s+(\d+)x(\d+)' % re.escape(title), tree):
        if int(m.group(2)) > 1 and int(m.group(3)) > 1:
            info = subprocess.run(["xwininfo", "-id", m.group(1)], capture_output=True, text=True).stdout
            if "IsViewable" in info:
                return True
    return False


def rss_mib(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--builddir", default="_build")
    parser.add_argument("--chess", default="/usr/games/gnome-chess")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    builddir = os.path.abspath(options.builddir)
    # The window titles the apps start with.
    apps = {
        "congkak": ([os.path.join(builddir, "src", "congkak")], "Congkak"),
        "gnome-chess": ([options.chess], "White to Move"),
    }
    env = dict(os.environ, GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1", GDK_DEBUG="no-portals",
               GSETTINGS_SCHEMA_DIR=os.path.join(builddir, "data") + ":/usr/share/glib-2.0/schemas")
    results = {name: [] for name in apps}
    for _ in range(options.runs):
        for name, (argv, title) in apps.items():
            start = time.monotonic()
            app = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while not viewable(title) and time.monotonic() - start < 20:
                time.sleep(0.005)
            shown = (time.monotonic() - start) * 1000
            time.sleep(3)
            memory = rss_mib(app.pid)
            app.terminate()
            app.wait()
            results[name].append((shown, memory))
            print("%-12s %6.0f ms  %6.1f MiB" % (name, shown, memory), flush=True)
    for name, values in results.items():
        times = sorted(v[0] for v in values)
        memories = sorted(v[1] for v in values)
        print("%-12s median %.0f ms (%.0f-%.0f), memory median %.1f MiB"
              % (name, times[len(times) // 2], times[0], times[-1], memories[len(memories) // 2]))


if __name__ == "__main__":
    main()
