#!/usr/bin/env python3
# End-to-end scenarios: the app as assistive technology sees it.
#   test-e2e.py SCENARIO --app PATH --cli PATH --schema-dir DIR --artifacts DIR
#
# Copyright 2026 Congkak developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Widgets are found by role and accessible name ("South hole C, 7 seeds,
# can be sown", "Undo Move"), never by their place in the tree, and every
# position the app shows is compared with congkak-cli's, the engine's.

import json
import os
import re
import sys

import congkak_e2e
from congkak_e2e import E2EFailure

HOLE_NAME = re.compile(r"(South|North) hole ([A-Ia-i]), (\d+) seeds?(, burnt)?(, can be sown)?")
STORES = re.compile(r"South store, (\d+) seeds?; North store, (\d+) seeds?")
# "Round 1: Ani (South) to move", or after an extra turn "Ani (South)’s
# last seed fell into the store: Ani (South) moves again".
TO_MOVE = re.compile(r"(?:Round \d+: )?(?:.*\()?(South|North)\)? to move"
                     r"|(?:.*\()?(?:South|North)\)?’s last seed fell into the store: (?:.*\()?(South|North)\)? moves again")
CHOOSE_AGAIN = re.compile(r"(?:.*\()?(South|North)\)?’s seed fell into the store: .*choose another hole")


def side_to_move(match):
    """South or North, from a TO_MOVE match."""
    return match.group(1) or match.group(2)
# Which hole a player picks among the legal ones: fixed, so a run is repeatable.
PREFERENCE = "CEDBFAGHI"


def window_title(s):
    """The main window's title: players, game, round, file, • if unsaved."""
    return s.find_cached("frame").name


def expect_title(s, expected):
    s.wait_for(lambda: window_title(s) == expected, "the window title %r" % expected)


def status(s):
    """The status line above the board (a label with the status role)."""
    return s.text(s.find_cached("status bar"))


def read_board(s):
    """The position the board shows, from the accessible names of its
    holes and the description of the board (the stores)."""
    board = s.find_cached("grouping", "Board")
    shown = {side: {"holes": {}, "burnt": {}, "legal": []} for side in ("south", "north")}
    for i in range(board.childCount):
        hole = board.getChildAtIndex(i)
        match = HOLE_NAME.fullmatch(hole.name or "")
        if match is None:
            continue
        side = match.group(1).lower()
        index = ord(match.group(2).upper()) - ord("A")
        shown[side]["holes"][index] = int(match.group(3))
        shown[side]["burnt"][index] = match.group(4) is not None
        if match.group(5):
            shown[side]["legal"].append(match.group(2))
    stores = STORES.fullmatch(board.description or "")
    if stores is None:
        raise E2EFailure("the board describes no stores: %r" % board.description)
    position = {}
    for n, side in enumerate(("south", "north")):
        holes = shown[side]["holes"]
        position[side] = {
            "holes": [holes[i] for i in range(len(holes))],
            "store": int(stores.group(n + 1)),
            "burnt": [shown[side]["burnt"][i] for i in range(len(holes))],
        }
    return position, shown["south"]["legal"] + shown["north"]["legal"]


def engine_position(data):
    """The part of congkak-cli's JSON the board shows."""
    return {side: {key: data[side][key] for key in ("holes", "store", "burnt")}
            for side in ("south", "north")}


def expect_board(s, expected, what):
    """Waits until the board shows @expected (a move's animation ends)."""
    last = [None]

    def matches():
        last[0], _ = read_board(s)
        return last[0] == expected

    try:
        s.wait_for(matches, what)
    except E2EFailure:
        raise E2EFailure("%s: the board shows %s, the engine says %s" % (what, last[0], expected))


def wait_ready(s, side):
    """Waits until @side may sow (the move shown, holes marked "can be sown")
    and returns the letters of the legal holes."""
    def ready():
        _, legal = read_board(s)
        mine = [letter for letter in legal if (letter.isupper()) == (side == "South")]
        return mine if mine and legal == mine else None
    return s.wait_for(ready, "%s's holes to be playable" % side)


def pick(legal):
    for letter in PREFERENCE:
        for candidate in legal:
            if candidate.upper() == letter:
                return candidate
    return legal[0]


def sow(s, letter):
    """Activates a hole's button, found among the board's children."""
    side = "South" if letter.isupper() else "North"
    board = s.find_cached("grouping", "Board")
    pattern = re.compile(r"%s hole %s, \d+ seeds?.*, can be sown" % (side, letter))

    def hole():
        for i in range(board.childCount):
            child = board.getChildAtIndex(i)
            if pattern.fullmatch(child.name or ""):
                return child
        return None

    s.activate(s.wait_for(hole, "hole %s to be playable" % letter))


def replay_position(s):
    """The replay slider: (move shown, moves in the line)."""
    value = s.find_cached("slider", "Position in the Match").queryValue()
    return round(value.currentValue), round(value.maximumValue)


def expect_announcement(s, heard, what):
    """Waits for something announced since @heard announcements; returns
    the last one, which must end with the status line."""
    text = s.wait_for(lambda: s.announcements[heard:] and s.announcements[-1], "%s to be announced" % what)
    if not text.endswith(status(s)):
        raise E2EFailure("announced %r, expected it to end with the status line %r" % (text, status(s)))
    s.log("announced: %s" % text)
    return text


def play_opening(s):
    """The simultaneous opening: South chooses while North looks away, the
    device is handed over, North chooses, and whoever's seed falls into
    their store chooses again.  Each step is announced, since the players
    cannot see the board.  Returns the opening in move notation."""
    choices = {"South": [], "North": []}
    s.wait_for(lambda: s.announcements and s.announcements[-1].startswith("South, choose your opening hole"),
               "South's opening turn to be announced")
    side = "South"
    letter = pick(wait_ready(s, side))
    heard = len(s.announcements)
    sow(s, letter)
    choices[side].append(letter)
    # North must not see South's choice: the board hides behind a hand-over page.
    expect_announcement(s, heard, "the hand-over")
    heard = len(s.announcements)
    s.click("button", "North Is Ready")
    expect_announcement(s, heard, "North's opening turn")
    side = "North"
    while True:
        letter = pick(wait_ready(s, side))
        heard = len(s.announcements)
        sow(s, letter)
        choices[side].append(letter)
        expect_announcement(s, heard, "the opening choice of %s" % letter)
        text = status(s)
        if TO_MOVE.fullmatch(text):
            break
        again = CHOOSE_AGAIN.match(text)
        if again is None:
            raise E2EFailure("during the opening, the status line says %r" % text)
        side = again.group(1)
    return "opening:%s/%s" % (",".join(choices["South"]), ",".join(choices["North"]))


def engine_after(s, moves):
    return json.loads(s.cli("play", "--rules", "congkak", *moves))


def play_move(s, moves):
    """Plays the next move for whoever is to move, checks what is announced
    and that the board then shows the engine's position."""
    side = side_to_move(TO_MOVE.fullmatch(s.wait_for(lambda: (lambda t: t if TO_MOVE.fullmatch(t) else None)(status(s)),
                                                     "a player to move")))
    legal = wait_ready(s, side)
    letter = pick(legal)
    before, _ = read_board(s)
    seeds = before[side.lower()]["holes"][ord(letter.upper()) - ord("A")]
    heard = len(s.announcements)
    sow(s, letter)
    moves.append(letter)

    announcement = s.wait_for(lambda: s.announcements[heard:] and s.announcements[heard],
                              "the move to be announced")
    expected_start = "%s picks up %d seed%s from %s." % (side, seeds, "" if seeds == 1 else "s", letter)
    if not announcement.startswith(expected_start):
        raise E2EFailure("announced %r, expected it to start with %r" % (announcement, expected_start))
    if not announcement.endswith(status(s)):
        raise E2EFailure("announced %r, expected it to end with the status line %r" % (announcement, status(s)))
    s.log("announced: %s" % announcement)
    expect_board(s, engine_position(engine_after(s, moves)), "the position after %s" % " ".join(moves))


def new_match_through_dialog(s, south, north):
    s.click("button", "Choose Game…")
    dialog = s.find("dialog", "New Match")
    # The board's size, as spin buttons named after their rows.
    for row in ("Holes per side", "Seeds per hole"):
        value = s.find("spin button", row, root=dialog).queryValue().currentValue
        if value != 7:
            raise E2EFailure("%s shows %s, expected Congkak's 7" % (row, value))
    # Two people at this screen (the computer's moves are not under test).
    for side in ("South", "North"):
        players = s.find_all("combo box", "Who Plays %s" % side, root=dialog)
        if players and not s.find_all("label", "Person", root=players[0]):
            raise E2EFailure("the New Match dialog does not offer a person for %s" % side)
    s.set_text(s.find("text", "South", root=dialog), south)
    s.set_text(s.find("text", "North", root=dialog), north)
    s.click("button", "Start", root=dialog)
    s.gone(dialog, "the New Match dialog")
    expect_title(s, "%s (South) vs %s (North) · Congkak · Round 1" % (south, north))


def choose_menu_item(s, name):
    s.click("toggle button", "Main Menu")
    s.click("menu item", re.escape(name))


def scenario_play_save_replay(s):
    """Play a match, undo, comment, save, quit, open the file again, replay
    it to the end and compare every position with the engine's."""
    # Moves animate, fast: the test waits for each to end, as a player does.
    s.write_settings({"animation-speed": "40.0"})
    s.launch()
    new_match_through_dialog(s, "Ani", "Budi")

    moves = [play_opening(s)]
    s.log("opening: %s" % moves[0])
    expect_title(s, "Ani (South) vs Budi (North) · Congkak · Round 1 · Unsaved Match •")
    expect_board(s, engine_position(engine_after(s, moves)), "the position after the opening")
    for _ in range(4):
        play_move(s, moves)

    # Undo takes the last move back; another move replaces it.
    undone = moves.pop()
    s.click("button", "Undo Move")
    expect_board(s, engine_position(engine_after(s, moves)), "the position after undoing %s" % undone)
    play_move(s, moves)
    s.log("moves: %s" % " ".join(moves))

    # A comment and a mark on the last move, in the sidebar.
    comment = "Ani keeps the seeds on her side."
    s.click("page tab", "Notes")
    s.set_text(s.find("text", r"Comment on .*"), comment)
    good = s.click("toggle button", "Good move")
    s.wait_for(lambda: s.pressed(good), "the mark to be set")

    # Save: the first save asks where, in GTK's own file chooser here.
    path = os.path.join(s.files, "ani-budi.congkak")
    choose_menu_item(s, "Save")
    chooser = s.find("dialog", "Save Match")
    s.set_text(s.find("text", "Name:", root=chooser), path)
    heard = len(s.announcements)
    s.click("button", "Save", root=chooser)
    s.gone(chooser, "the file chooser")
    s.wait_for(lambda: os.path.exists(path), "%s to be written" % path)
    expect_title(s, "Ani (South) vs Budi (North) · Congkak · Round 1 · ani-budi.congkak")
    # The toast that says so is announced too.
    s.wait_for(lambda: any("Saved “ani-budi.congkak”" in text for text in s.announcements[heard:]),
               "the saved file to be announced")

    with open(path) as f:
        saved = json.load(f)
    last = saved["moves"][-1]
    if last.get("comment") != comment or last.get("mark") != "!":
        raise E2EFailure("the saved last move is %r, expected the comment %r and the mark !" % (last, comment))
    if [node["move"] for node in saved["moves"]] != moves:
        raise E2EFailure("the file holds the moves %r, expected %r" % ([n["move"] for n in saved["moves"]], moves))

    # Quit with nothing unsaved: no question, a clean exit.
    s.click("button", "Close")
    if s.wait_exit() != 0:
        raise E2EFailure("the app exited with an error")

    # Open the file from the command line, replay it move by move; the
    # replay shows each position at once (a preference).
    s.write_settings({"animation-speed": "0.0"})
    s.launch(path)
    expect_title(s, "Ani (South) vs Budi (North) · Congkak · Round 1 · ani-budi.congkak")
    s.wait_for(lambda: replay_position(s) == (0, len(moves)), "the replay to stand at the start")
    expect_board(s, engine_position(json.loads(s.cli("show", path, "--json", "--move", "0"))), "the start")
    for n in range(1, len(moves) + 1):
        s.click("button", "Next Move")
        s.wait_for(lambda: replay_position(s) == (n, len(moves)), "the replay to show move %d" % n)
        expect_board(s, engine_position(json.loads(s.cli("show", path, "--json", "--move", str(n)))),
                     "move %d of the replay" % n)
    s.click("page tab", "Notes")
    s.wait_for(lambda: s.text(s.find("text", r"Comment on .*")) == comment, "the comment of the last move")
    expect_board(s, engine_position(json.loads(s.cli("show", path, "--json"))), "the end of the match")
    s.click("button", "Close")
    if s.wait_exit() != 0:
        raise E2EFailure("the app exited with an error")


def autosaves(s):
    """Unsaved matches are state of this computer: under XDG_STATE_HOME."""
    folder = os.path.join(s.env["XDG_STATE_HOME"], s.app_id, "autosave")
    if not os.path.isdir(folder):
        return []
    return [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".congkak")]


def autosave_with(s, moves):
    """The autosave file, once it holds @moves."""
    for path in autosaves(s):
        try:
            with open(path) as f:
                if [node["move"] for node in json.load(f)["moves"]] == moves:
                    return path
        except (OSError, ValueError, KeyError):
            continue  # being written
    return None


def scenario_restore_after_kill(s):
    """Kill the app with unsaved moves; the next start offers them back."""
    s.write_settings({"animation-speed": "0.0"})
    s.launch()
    s.click("button", "Two Players")
    moves = [play_opening(s)]
    for _ in range(2):
        play_move(s, moves)
    expected = engine_position(engine_after(s, moves))

    # The autosave follows the last change by a few seconds.
    autosave = s.wait_for(lambda: autosave_with(s, moves), "the autosave to hold %s" % " ".join(moves))
    s.log("autosaved in %s" % os.path.basename(autosave))
    if engine_position(json.loads(s.cli("show", autosave, "--json"))) != expected:
        raise E2EFailure("the autosave does not load to the position on the board")
    s.kill()

    s.launch()
    alert = s.find("alert", r"Restore Unsaved Match(es)?\?")
    s.click("button", "Restore", root=alert)
    s.gone(alert, "the restore question")
    expect_board(s, expected, "the restored position")
    # Played on from its last move: the replay bar keeps out of the way.
    if s.find_all("slider", "Position in the Match"):
        raise E2EFailure("the replay bar shows while the restored match is played on")
    expect_title(s, "South vs North · Congkak · Round 1 · Unsaved Match •")
    # The match goes on from there.
    play_move(s, moves)

    # Closing now asks; discarding ends the offer for good.
    s.click("button", "Close")
    alert = s.find("alert", re.escape("Save Changes?"))
    s.click("button", "Discard", root=alert)
    if s.wait_exit() != 0:
        raise E2EFailure("the app exited with an error")
    s.wait_for(lambda: not autosaves(s), "the autosave to be removed")
    s.launch()
    s.find("button", "Two Players")
    if s.find_all("alert", r"Restore Unsaved Match(es)?\?"):
        raise E2EFailure("restoring was offered again after the changes were discarded")
    s.click("button", "Close")
    s.wait_exit()


MATCH_OVER = re.compile(r".* wins, \d+ to \d+|The match is drawn, \d+ to \d+")
JOIN_CODE = re.compile(r"[0-9A-Z]{4}(?:-[0-9A-Z]{4})+")


def set_spin(s, dialog, row, value):
    """Sets a spin button of @dialog, named after its row, as a screen
    reader's value commands do."""
    spin = s.find("spin button", row, root=dialog)
    spin.queryValue().currentValue = value
    s.wait_for(lambda: spin.queryValue().currentValue == value, "%s to be %s" % (row, value))


def labels_in(s, root):
    texts = []
    for label in s.find_all("label", root=root):
        try:
            texts.append(s.text(label))
        except NotImplementedError:
            texts.append(label.name or "")
    return texts


def host_through_dialog(s):
    """Match › Play Over the Network…, Host a Match…: a short Congkak match
    (a small board, one round), the friend North.  Returns the join code
    and the port the dialog shows."""
    choose_menu_item(s, "Match")
    s.click("menu item", re.escape("Play Over the Network…"))
    network = s.find("dialog", "Play Over the Network")
    s.find("button", re.escape("Host a Match…"), root=network)
    s.press_mnemonic("h")
    dialog = s.find("dialog", "New Match")
    set_spin(s, dialog, "Holes per side", 3)
    set_spin(s, dialog, "Seeds per hole", 3)
    s.press_mnemonic("r")
    set_spin(s, dialog, "Round Limit.*", 1)
    s.set_text(s.find("text", "South", root=dialog), "Ani")
    s.click("button", "Start", root=dialog)
    s.gone(dialog, "the New Match dialog")

    def code_and_port():
        texts = labels_in(s, network)
        codes = [text for text in texts if JOIN_CODE.fullmatch(text)]
        # "192.0.2.2:47862", "[fd00::2]:47862", one a line: the guest,
        # on this computer, takes the port.
        ports = [m.group(1) for text in texts
                 for m in re.finditer(r"^(?:[0-9.]+|\[[0-9a-f:]+\]):(\d+)$", text, re.MULTILINE)]
        return codes and ports and (codes[0], ports[0])

    code, port = s.wait_for(code_and_port, "the join code and the address in the network dialog")
    s.log("hosting on port %s with the code %s" % (port, code))
    return network, code, port


def join_through_dialog(s, address, code):
    choose_menu_item(s, "Match")
    s.click("menu item", re.escape("Play Over the Network…"))
    network = s.find("dialog", "Play Over the Network")
    s.find("button", "Join a Match", root=network)
    s.press_mnemonic("j")
    s.set_text(s.find("text", "Address", root=network), address)
    s.set_text(s.find("text", "Code", root=network), code)
    s.click("button", "Join", root=network)
    return network


def board_state(s):
    """What a player's screen shows: the position and the holes it may sow."""
    position, legal = read_board(s)
    return json.dumps(position, sort_keys=True), tuple(legal), status(s)


def scenario_network_match(s):
    """Two apps, each with its own home, play a whole match over the
    network: one hosts through the network dialog, the other joins with the
    address and the code the host's dialog shows, each sows on its own
    board in turn (the lockstep opening too), and both end with the same
    result and the match in their own library."""
    host = s
    host.label = "host: "
    guest = s.add_peer(s.scenario + "-guest")
    guest.label = "guest: "
    for player in (host, guest):
        player.write_settings({"animation-speed": "0.0"})
    # The keyboard goes to the last window shown: the host's while it hosts,
    # then the guest's.
    host.launch()
    host_dialog, code, port = host_through_dialog(host)
    guest.launch()
    guest_dialog = join_through_dialog(guest, "127.0.0.1:%s" % port, code)
    for player, dialog in ((host, host_dialog), (guest, guest_dialog)):
        player.gone(dialog, "the network dialog")
        player.wait_for(lambda: re.fullmatch(r"Ani \(South\) vs .+ · Custom Rules · Round 1.*", window_title(player)),
                        "the window title to name the match")

    # Each sows a hole of its own side whenever its board lets it, and
    # waits for its screen to take the move before it looks again.
    sides = ((host, "South"), (guest, "North"))
    sown = {"South": [], "North": []}

    def over():
        return all(MATCH_OVER.fullmatch(status(player)) for player, _ in sides)

    while True:
        progress = s.wait_for(lambda: over() or [(player, side, board_state(player)) for player, side in sides
                                                 if any(letter.isupper() == (side == "South")
                                                        for letter in read_board(player)[1])],
                              "a player to be able to sow, or the match to end", timeout=60)
        if progress is True:
            break
        for player, side, before in progress:
            legal = [letter for letter in before[1] if letter.isupper() == (side == "South")]
            letter = pick(legal)
            sow(player, letter)
            sown[side].append(letter)
            player.wait_for(lambda: board_state(player) != before, "the board to take %s's %s" % (side, letter))
    s.log("South sowed %s, North %s" % (" ".join(sown["South"]), " ".join(sown["North"])))

    # Both screens tell the same result, in the status line and the alert.
    results = []
    for player, _ in sides:
        alert = player.find("alert", r".* Wins|A Draw")
        score = [text for text in labels_in(player, alert) if text.startswith("Final score")]
        results.append((status(player), alert.name, score))
        player.log("the match is over: %s, %s" % (alert.name, score))
    if results[0] != results[1]:
        raise E2EFailure("the host shows %r, the guest %r" % tuple(results))
    if not results[0][2]:
        raise E2EFailure("the match-over alert gives no final score")
    position = [read_board(player)[0] for player, _ in sides]
    if position[0] != position[1]:
        raise E2EFailure("the host's board ends at %s, the guest's at %s" % tuple(position))

    # Both libraries hold the match, finished, with the same moves.
    entries = []
    for player, _ in sides:
        entry = player.wait_for(lambda: [e for e in json.loads(player.cli("library", "list", "--json"))
                                         if e.get("result") not in (None, "", "unfinished")],
                                "the finished match in the library of the %s" % player.label.strip(": "))
        if len(entry) != 1:
            raise E2EFailure("the library holds %d finished matches, expected 1" % len(entry))
        player.log("library: %s" % {key: entry[0].get(key) for key in ("result", "score", "moves", "game", "path")})
        entries.append(entry[0])
    keys = ("result", "score", "moves", "rounds", "south", "north", "game")
    summaries = [{key: entry.get(key) for key in keys} for entry in entries]
    if summaries[0] != summaries[1]:
        raise E2EFailure("the libraries differ: %r and %r" % tuple(summaries))

    # Each file holds Congkak's rules (on a smaller board, for one round),
    # the same moves from the lockstep opening on, and ends, as the engine
    # plays it, where the boards ended.
    congkak = json.loads(host.cli("new", "--rules", "congkak", "--json", "-"))["rules"]
    congkak.update({"holes": 3, "seeds": 3, "max-rounds": 1})
    lines = []
    for player, entry in zip((host, guest), entries):
        who = player.label.strip(": ")
        with open(entry["path"]) as f:
            saved = json.load(f)
        if saved["rules"] != congkak:
            raise E2EFailure("the %s's match has the rules %r, expected %r" % (who, saved["rules"], congkak))
        lines.append([node["move"] for node in saved["moves"]])
        final = engine_position(json.loads(player.cli("show", entry["path"], "--json")))
        if final != position[0]:
            raise E2EFailure("the %s's match file ends at %s, the board at %s" % (who, final, position[0]))
    if lines[0] != lines[1]:
        raise E2EFailure("the host's file holds the moves %r, the guest's %r" % tuple(lines))
    if not lines[0][0].startswith("opening:"):
        raise E2EFailure("the match does not begin with the simultaneous opening: %r" % lines[0])
    s.log("moves: %s" % " ".join(lines[0]))
    # The apps end with the session: closing asks to save the match as a file.


SCENARIOS = {
    "play-save-replay": scenario_play_save_replay,
    "restore-after-kill": scenario_restore_after_kill,
    "network-match": scenario_network_match,
}

if __name__ == "__main__":
    sys.exit(congkak_e2e.main(SCENARIOS))
