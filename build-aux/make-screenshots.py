#!/usr/bin/env python3
# The part of build-aux/make-screenshots that drives the app: for each
# picture, opens its match in the app on a virtual display, goes to the end
# of the main line or N moves in when asked (the "End of the Line" and
# "Next Move" buttons, through the accessibility bus), lets the board
# settle and takes the window alone.
#   make-screenshots.py APP CLI SCHEMA-DIR WORKDIR OUTDIR [NAME MATCH start|end|N]…
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'e2e'))
sys.dont_write_bytecode = True
import congkak_e2e  # noqa: E402

WIDTH, HEIGHT = 960, 640


def window_id(display, pid):
    """The app's top-level window: the one of its size on the display."""
    tree = subprocess.run(['xwininfo', '-display', display, '-root', '-tree'],
                          capture_output=True, text=True, check=True).stdout
    for line in tree.splitlines():
        if '("congkak"' in line and f'{WIDTH}x{HEIGHT}+' in line:
            return line.split()[0]
    return None


def main():
    app, cli, schema_dir, work, outdir = sys.argv[1:6]
    scenes = sys.argv[6:]
    session = congkak_e2e.Session('screenshots', app, cli, schema_dir, os.path.join(work, 'logs'))
    session.start()
    try:
        session.write_settings({'window-width': str(WIDTH), 'window-height': str(HEIGHT),
                                'window-maximized': 'false'})
        for i in range(0, len(scenes), 3):
            name, match, where = scenes[i:i + 3]
            session.launch(os.path.abspath(match))
            if where == 'end':
                session.click('button', 'End of the Line')
            elif where.isdigit():
                for _ in range(int(where)):
                    session.click('button', 'Next Move')
                    # A press during a move's animation only ends it.
                    time.sleep(1.5)
            display = session.env['DISPLAY']
            wid = session.wait_for(lambda: window_id(display, session.app.pid), 'the window')
            # The sowing animation and the sidebar's fade settle.
            time.sleep(3)
            out = os.path.join(outdir, name + '.png')
            subprocess.run(['import', '-display', display, '-window', wid, out], check=True)
            session.log('%s: %s' % (name, out))
            session.app.terminate()
            session.app.wait(10)
    finally:
        session.close()


if __name__ == '__main__':
    main()
