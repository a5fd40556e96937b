#!/usr/bin/env python3
# Keeps the layers of src/ (and tools/) one way: a file may include the
# headers of its own room and of the rooms below it, never of a room above
# it nor of a sibling room at the same height.  The engine and the model
# include no GTK.
#
#   check-layers.py SRCDIR              check the tree
#   check-layers.py --self-test SRCDIR  check that an upward include, a
#                                       sibling include and GTK in the
#                                       model are each caught
#
# Rooms, lowest first; rooms of one height are siblings (see src/meson.build
# and src/model/meson.build for what each holds).
import os
import re
import shutil
import sys
import tempfile

ROOMS = [
    ('src/engine', 0),
    ('src/model/match', 1),
    ('src/model/format', 2),
    ('src/model/library', 3),
    ('src/model/puzzles', 4),
    ('src/model/play', 4),
    ('src/model/net', 5),
    ('src/painter', 5),
    ('src/cli', 6),
    ('src/view/board', 6),
    ('src/view/match', 7),
    ('src/view/library', 7),
    ('src/view/puzzles', 7),
    ('src/view/dialogs', 7),
    ('src/app', 8),
    ('tools', 9),
]
NO_GTK = ('src/engine', 'src/model/')
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]', re.M)
SOURCE = re.compile(r'\.(c|h)$')


def room_of(path):
    """The room holding @path (relative to the top), or None."""
    for room, height in ROOMS:
        if path.startswith(room + '/') and '/' not in path[len(room) + 1:]:
            return room, height
    return None


def check(top):
    errors = []
    headers = {}
    files = []
    for base in ('src', 'tools'):
        for folder, _dirs, names in os.walk(os.path.join(top, base)):
            for name in names:
                if not SOURCE.search(name):
                    continue
                path = os.path.relpath(os.path.join(folder, name), top)
                place = room_of(path)
                if place is None:
                    errors.append(f'{path}: a source file outside every room of the layers')
                    continue
                files.append((path, place))
                if name.endswith('.h'):
                    if name in headers:
                        errors.append(f'{path}: a second header named {name} '
                                      f'(the other is in {headers[name][0]})')
                    headers[name] = place
    for path, (room, height) in sorted(files):
        with open(os.path.join(top, path), encoding='utf-8') as f:
            text = f.read()
        for match in INCLUDE.finditer(text):
            kind, name = match.groups()
            line = text.count('\n', 0, match.start()) + 1
            if kind == '<':
                if name.startswith(('gtk/', 'adwaita', 'gdk/')) and path.startswith(NO_GTK):
                    errors.append(f'{path}:{line}: includes <{name}>, but {room} has no GTK')
                continue
            target = headers.get(os.path.basename(name))
            if target is None:
                continue  # config.h and the generated resources
            target_room, target_height = target
            if target_room == room:
                continue
            if target_height > height:
                errors.append(f'{path}:{line}: includes {name} of {target_room}, '
                              f'a layer above {room}')
            elif target_height == height:
                errors.append(f'{path}:{line}: includes {name} of {target_room}, '
                              f'a sibling of {room}')
    return errors


def module_of(path, private_of):
    """The class a file belongs to: congkak-window-files.c, a part of the
    window that includes congkak-window-private.h, is congkak-window."""
    stem = os.path.basename(path)[:-2]
    if stem.endswith('-private'):
        return stem[:-len('-private')]
    return private_of.get(path, stem)


def check_circles(top):
    """Classes whose files include each other in a circle, each circle once."""
    sources = []
    for base in ('src', 'tools'):
        for folder, _dirs, names in os.walk(os.path.join(top, base)):
            sources += [os.path.join(folder, n) for n in names if SOURCE.search(n)]
    stems = {os.path.basename(p)[:-2] for p in sources}
    includes = {}
    private_of = {}
    for path in sources:
        with open(path, encoding='utf-8') as f:
            names = [m.group(2) for m in INCLUDE.finditer(f.read()) if m.group(1) == '"']
        includes[path] = [n[:-2] for n in names if n[:-2] in stems]
        stem = os.path.basename(path)[:-2]
        if path.endswith('.c') and stem + '.h' not in {os.path.basename(p) for p in sources}:
            owners = [n[:-len('-private')] for n in includes[path]
                      if n.endswith('-private') and stem.startswith(n[:-len('-private')] + '-')]
            if owners:
                private_of[path] = max(owners, key=len)
    # A header of inline code and types with no .c of its own (such as
    # congkak-sowing-private.h) calls nothing back: it is no class here.
    modules_with_code = {module_of(p, private_of) for p in sources if p.endswith('.c')}
    graph = {}
    for path, names in includes.items():
        module = module_of(path, private_of)
        for name in names:
            target = module_of(name + '.h', private_of)
            if target != module and target in modules_with_code and module in modules_with_code:
                graph.setdefault(module, set()).add(target)
    # Tarjan's strongly connected components, iteratively
    index, low, on_stack, stack, circles, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]; counter[0] += 1
                    stack.append(child); on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop(); on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return [f'a circle of includes: {", ".join(c)}' for c in sorted(circles)]


def self_test(top):
    """Copies the tree, breaks the rule three ways, and expects each caught."""
    cases = [
        ('src/engine/congkak-rules.c', '#include "congkak-window.h"\n', 'a layer above'),
        ('src/model/play/congkak-session.c', '#include "congkak-puzzle.h"\n', 'a sibling'),
        ('src/model/match/congkak-match.c', '#include <gtk/gtk.h>\n', 'has no GTK'),
        ('src/model/play/congkak-player.c', '#include "congkak-session.h"\n', 'a circle'),
    ]
    failures = 0
    for path, line, expected in cases:
        with tempfile.TemporaryDirectory() as tmp:
            for base in ('src', 'tools'):
                shutil.copytree(os.path.join(top, base), os.path.join(tmp, base))
            with open(os.path.join(tmp, path), 'a', encoding='utf-8') as f:
                f.write(line)
            errors = check(tmp) + check_circles(tmp)
            if not any((path in e or 'circle' in e) and expected in e for e in errors):
                print(f'not caught: {line.strip()} in {path}')
                failures += 1
            else:
                print(f'caught: {line.strip()} in {path}')
    return failures


def main():
    args = sys.argv[1:]
    if args and args[0] == '--self-test':
        top = args[1] if len(args) > 1 else '.'
        if check(top) or check_circles(top):
            print('the tree itself breaks the layers; run without --self-test')
            return 1
        return 1 if self_test(top) else 0
    top = args[0] if args else '.'
    errors = check(top) + check_circles(top)
    for error in errors:
        print(error)
    if errors:
        print(f'{len(errors)} include(s) against the layers (see tests/check-layers.py)')
        return 1
    print('every include goes down the layers')
    return 0


if __name__ == '__main__':
    sys.exit(main())
