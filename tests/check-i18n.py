#!/usr/bin/env python3
# Checks of the translations and of the user guide.
#
#   check-i18n.py potfiles SRCDIR
#       Every file under src/ and data/ with translatable strings is listed
#       in po/POTFILES.in, and every listed file has some.
#   check-i18n.py template SRCDIR
#       Makes the template from po/POTFILES.in, as `meson compile
#       congkak-pot` does, and checks that every po file of po/LINGUAS has
#       exactly its strings: a string added to the sources, or one that
#       changed, fails here until the translations are updated.
#   check-i18n.py po SRCDIR
#       `msgfmt --check` on every po file of po/LINGUAS and help/LINGUAS:
#       no errors, nothing untranslated, nothing fuzzy.
#   check-i18n.py language SRCDIR BUILDDIR CLI LANG
#       Runs congkak-cli with LANGUAGE=LANG and the catalogue built in
#       BUILDDIR/po, and checks that it prints that translation, plurals
#       included.  Skipped (exit 77) when po/LINGUAS does not list LANG.
#   check-i18n.py help SRCDIR [CLI]
#       `yelp-check validate`, `links` and `media` on help/C, and on each
#       language of help/LINGUAS after merging its translation with
#       itstool; each help po file has exactly the strings of the pages.
#       With CLI, each game's rules page has every section that
#       `congkak-cli rules` names (the rules window's and narration's links).
#
# Exit status: 0 passed, 1 failed, 77 skipped (meson's convention).

import gettext
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

# The keywords and flags of meson's i18n "glib" preset (mesonbuild/modules/
# i18n.py), so that the template made here is the one `congkak-pot` makes.
XGETTEXT_ARGS = [
    '--from-code=UTF-8',
    '--add-comments',
    '--keyword=_',
    '--keyword=N_',
    '--keyword=C_:1c,2',
    '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2',
    '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format',
    '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format',
    '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format',
    '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format',
    '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format',
    '--flag=g_printerr:1:c-format',
    '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format',
    '--flag=g_sprintf:2:c-format',
    '--flag=g_snprintf:3:c-format',
]

# Files that can hold strings for the template, by how their names end.
SOURCE_SUFFIXES = ('.c', '.h', '.ui', '.desktop.in', '.metainfo.xml.in',
                   '.gschema.xml', '.xml.in')

# Tools print in English, so that their output can be read here.
C_ENV = dict(os.environ, LC_ALL='C', LANGUAGE='')

UPDATE_HINT = ('To update the po files from the sources: '
               'meson compile -C _build congkak-update-po '
               '(help: meson compile -C _build help-io.github.congkak.Congkak-update-po), '
               'then translate what is new or fuzzy.')


def fail(message):
    print(message, file=sys.stderr)
    return 1


def read_list(path):
    """Lines of a LINGUAS or POTFILES file, without comments and blanks."""
    if not os.path.exists(path):
        return []
    entries = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            entries.extend(line.split())
    return entries


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, env=kwargs.pop('env', C_ENV), **kwargs)


# po files ---------------------------------------------------------------

def unquote(text):
    return (text.replace('\\n', '\n').replace('\\t', '\t').replace('\\"', '"')
            .replace('\\\\', '\\'))


def parse_po(path):
    """The entries of a po or pot file, as dicts with msgctxt, msgid,
    msgid_plural, msgstr (a list), flags and obsolete.  Only what these
    checks need; the gettext tools check the syntax."""
    entries = []
    entry = None
    field = None
    flags = set()

    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            obsolete = line.startswith('#~')
            if obsolete:
                line = line[2:].lstrip()
            if line.startswith('#,'):
                flags.update(flag.strip() for flag in line[2:].split(','))
                continue
            if line.startswith('#') or not line.strip():
                continue
            match = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
            if match:
                keyword, value = match.group(1), unquote(match.group(2))
                # An entry starts with msgctxt, or with msgid unless its
                # msgctxt came just before.
                if keyword == 'msgctxt' or (keyword == 'msgid' and (entry is None or 'msgid' in entry)):
                    entry = {'flags': flags, 'msgstr': [], 'obsolete': obsolete}
                    entries.append(entry)
                    flags = set()
                if keyword.startswith('msgstr'):
                    entry['msgstr'].append(value)
                    field = ('msgstr', len(entry['msgstr']) - 1)
                else:
                    entry[keyword] = value
                    field = (keyword, None)
                continue
            match = re.match(r'"(.*)"$', line)
            if match and entry is not None and field is not None:
                name, index = field
                if index is None:
                    entry[name] += unquote(match.group(1))
                else:
                    entry['msgstr'][index] += unquote(match.group(1))
    return [e for e in entries if 'msgid' in e]


def message_keys(entries):
    """(context, msgid, plural) of every active message but the header."""
    return {(e.get('msgctxt'), e['msgid'], e.get('msgid_plural'))
            for e in entries if not e['obsolete'] and e['msgid'] != ''}


def describe(key):
    context, msgid, plural = key
    text = repr(msgid)
    if plural is not None:
        text += ' / ' + repr(plural)
    if context is not None:
        text = f'[{context}] ' + text
    return text


def make_template(srcdir, output, files=None):
    """Runs xgettext over po/POTFILES.in (or FILES) into OUTPUT; returns
    the error text or None.  Empty results make no file."""
    command = ['xgettext', '--package-name=congkak', '-D', srcdir, '-o', output] + XGETTEXT_ARGS
    if files is None:
        command += ['-f', os.path.join(srcdir, 'po', 'POTFILES.in')]
    else:
        command += files
    result = run(command)
    if result.returncode != 0:
        return result.stderr.strip() or f'xgettext failed with status {result.returncode}'
    return None


# potfiles ---------------------------------------------------------------

def candidate_files(srcdir):
    found = []
    for top in ('src', 'data'):
        for folder, dirs, files in os.walk(os.path.join(srcdir, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    found.append(os.path.relpath(os.path.join(folder, name), srcdir))
    return found


def check_potfiles(srcdir):
    listed = read_list(os.path.join(srcdir, 'po', 'POTFILES.in'))
    errors = []

    if listed != sorted(listed):
        errors.append('po/POTFILES.in is not sorted alphabetically.')
    duplicates = sorted({path for path in listed if listed.count(path) > 1})
    if duplicates:
        errors.append('po/POTFILES.in lists more than once: ' + ', '.join(duplicates))

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'one.pot')
        with_strings = set()
        for path in sorted(set(candidate_files(srcdir)) | set(listed)):
            if not os.path.exists(os.path.join(srcdir, path)):
                errors.append(f'{path} is listed in po/POTFILES.in but does not exist.')
                continue
            if os.path.exists(pot):
                os.remove(pot)
            error = make_template(srcdir, pot, [path])
            if error:
                errors.append(f'{path}: xgettext cannot read it: {error}')
                continue
            if os.path.exists(pot) and message_keys(parse_po(pot)):
                with_strings.add(path)

    for path in sorted(with_strings - set(listed)):
        errors.append(f'{path} has translatable strings but is not listed in po/POTFILES.in.')
    for path in sorted(set(listed) - with_strings):
        if os.path.exists(os.path.join(srcdir, path)):
            errors.append(f'{path} is listed in po/POTFILES.in but has no translatable strings.')

    if errors:
        return fail('\n'.join(errors))
    print(f'{len(listed)} files in po/POTFILES.in; every file with translatable strings is listed.')
    return 0


# template ---------------------------------------------------------------

def check_template(srcdir):
    languages = read_list(os.path.join(srcdir, 'po', 'LINGUAS'))
    errors = []

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'congkak.pot')
        error = make_template(srcdir, pot)
        if error:
            return fail('xgettext over po/POTFILES.in failed: ' + error)
        template = message_keys(parse_po(pot))

    print(f'The template has {len(template)} messages.')
    for lang in languages:
        path = os.path.join(srcdir, 'po', f'{lang}.po')
        if not os.path.exists(path):
            errors.append(f'po/LINGUAS lists {lang}, but po/{lang}.po does not exist.')
            continue
        keys = message_keys(parse_po(path))
        missing = sorted(template - keys, key=describe)
        stale = sorted(keys - template, key=describe)
        if missing:
            errors.append(f'po/{lang}.po lacks {len(missing)} messages of the sources:')
            errors.extend('  ' + describe(key) for key in missing)
        if stale:
            errors.append(f'po/{lang}.po has {len(stale)} messages the sources no longer have:')
            errors.extend('  ' + describe(key) for key in stale)
        if not missing and not stale:
            print(f'po/{lang}.po: the same {len(keys)} messages.')

    if errors:
        errors.append(UPDATE_HINT)
        return fail('\n'.join(errors))
    if not languages:
        print('po/LINGUAS lists no language yet.')
    return 0


# po ---------------------------------------------------------------------

def msgfmt_check(path, extra=()):
    """msgfmt --check on PATH; returns a list of problems."""
    result = run(['msgfmt', '--check', '--statistics', *extra, '-o', os.devnull, path])
    lines = result.stderr.strip().splitlines()
    statistics = lines.pop() if lines else ''
    problems = list(lines)  # errors, and warnings such as a missing header field
    if result.returncode != 0 and not problems:
        problems.append(f'msgfmt failed: {statistics}')
    elif 'fuzzy' in statistics or 'untranslated' in statistics:
        problems.append(f'not complete: {statistics}')
    if not problems:
        print(f'{os.path.relpath(path)}: {statistics}')
    return problems


def check_po(srcdir):
    errors = []
    checked = 0

    for lang in read_list(os.path.join(srcdir, 'po', 'LINGUAS')):
        path = os.path.join(srcdir, 'po', f'{lang}.po')
        if not os.path.exists(path):
            errors.append(f'po/LINGUAS lists {lang}, but po/{lang}.po does not exist.')
            continue
        # Mnemonics: a translation of "_Save" needs exactly one underscore.
        errors.extend(f'po/{lang}.po: {p}' for p in msgfmt_check(path, ['--check-accelerators=_']))
        checked += 1

    for lang in read_list(os.path.join(srcdir, 'help', 'LINGUAS')):
        path = os.path.join(srcdir, 'help', lang, f'{lang}.po')
        if not os.path.exists(path):
            errors.append(f'help/LINGUAS lists {lang}, but help/{lang}/{lang}.po does not exist.')
            continue
        errors.extend(f'help/{lang}/{lang}.po: {p}' for p in msgfmt_check(path))
        checked += 1

    if errors:
        errors.append(UPDATE_HINT)
        return fail('\n'.join(errors))
    print(f'{checked} po files checked.')
    return 0


# language ---------------------------------------------------------------

def fake_locale(tmp):
    """A locale that is not C, for LC_ALL: gettext ignores LANGUAGE in the
    C and C.UTF-8 locales.  Build roots often have no other locale, so
    this copies C.UTF-8 under another name and points LOCPATH at it
    (glibc reads a locale's files from there).  Returns (name, env)."""
    for source in ('/usr/lib/locale/C.utf8', '/usr/lib/locale/C.UTF-8'):
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(tmp, 'locales', 'en_US.UTF-8'))
            return 'en_US.UTF-8', {'LOCPATH': os.path.join(tmp, 'locales')}
    available = run(['locale', '-a']).stdout.split()
    for name in available:
        if name not in ('C', 'POSIX') and not name.startswith('C.') and name.lower().endswith(('utf-8', 'utf8')):
            return name, {}
    return None, {}


FORMAT = re.compile(r'%(?:\d+\$)?[-+ #0\']*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t)?[diouxXcsfeEgG%]')


def literal_pieces(text):
    """The words of a format string between its directives, each long
    enough to say something."""
    return [piece.strip() for piece in FORMAT.split(text) if len(piece.strip()) >= 3]


def check_language(srcdir, builddir, cli, lang):
    if lang not in read_list(os.path.join(srcdir, 'po', 'LINGUAS')):
        print(f'SKIP: po/LINGUAS does not list {lang}: there is no {lang} translation to check yet.')
        return SKIP

    mo = os.path.join(builddir, 'po', lang, 'LC_MESSAGES', 'congkak.mo')
    if not os.path.exists(mo):
        return fail(f'{mo} was not built: is {lang} in po/LINGUAS when meson was configured?')
    with open(mo, 'rb') as f:
        catalogue = gettext.GNUTranslations(f)

    with tempfile.TemporaryDirectory() as tmp:
        locale_name, locale_env = fake_locale(tmp)
        if locale_name is None:
            return fail('There is no locale but C here, and C.UTF-8 cannot be copied: '
                        'gettext ignores LANGUAGE in the C locale.')
        english_env = dict(os.environ, LC_ALL=locale_name, LANGUAGE='en', **locale_env)
        english_env.pop('CONGKAK_LOCALEDIR', None)
        translated_env = dict(english_env, LANGUAGE=lang, CONGKAK_LOCALEDIR=os.path.join(builddir, 'po'))
        match_file = os.path.join(tmp, 'm.congkak')
        four_holes = os.path.join(tmp, 'four-holes.txt')
        one_hole = os.path.join(tmp, 'one-hole.congkak')

        def cli_output(env, *args, status=0):
            result = subprocess.run([cli, *args], capture_output=True, text=True, env=env)
            if result.returncode != status:
                raise RuntimeError(f'congkak-cli {" ".join(args)} exited with {result.returncode}, '
                                   f'not {status}:\n{result.stderr}')
            return result.stdout + result.stderr

        # What to run, and the messages (msgid, or (singular, plural, n))
        # its output must show.
        runs = [
            (('--help',), 0, ['Usage: congkak-cli COMMAND [OPTION…]', 'Commands:',
                              'Check that match files load']),
            (('show', match_file), 0, ['%s to move', 'South', 'The start position.\n']),
            (('show', match_file, '--move', '2'), 1,
             [('%s: %s: the main line has only %u move.\n', '%s: %s: the main line has only %u moves.\n', 0)]),
            (('validate', four_holes), 1,
             [('%s has %u hole here, but the rules have %u a side.',
               '%s has %u holes here, but the rules have %u a side.', 4)]),
            (('validate', one_hole), 1,
             [('lists %u hole, but the rules have %u a side.',
               'lists %u holes, but the rules have %u a side.', 1)]),
        ]

        errors = []
        try:
            cli_output(english_env, 'new', '--rules', 'kalah', '--holes', '3', match_file)
            # Start positions with a wrong number of holes: in the text
            # notation, and in JSON.
            with open(four_holes, 'w', encoding='utf-8') as f:
                f.write('[Format "congkak-match 1.0"]\n[Rules "kalah holes=3"]\n'
                        '[Start "S: 1 1 1 1 | 0 / N: 1 1 1 | 0 / south"]\n')
            with open(match_file, encoding='utf-8') as f:
                match = json.load(f)
            match['start'] = {'south': {'holes': [1], 'store': 0},
                              'north': {'holes': [1, 1, 1], 'store': 0}, 'to_move': 'south'}
            with open(one_hole, 'w', encoding='utf-8') as f:
                json.dump(match, f)
            for args, status, messages in runs:
                english = cli_output(english_env, *args, status=status)
                translated = cli_output(translated_env, *args, status=status)
                for message in messages:
                    if isinstance(message, tuple):
                        source = message[0] if message[2] == 1 else message[1]
                        target = catalogue.ngettext(*message)
                    else:
                        source = message
                        target = catalogue.gettext(message)
                    label = f'congkak-cli {" ".join(args[:1])}: {source!r}'
                    if any(piece not in english for piece in literal_pieces(source)):
                        errors.append(f'{label}: not in the English output; update this test.\n{english}')
                        continue
                    if target == source:
                        errors.append(f'{label}: po/{lang}.po gives the English text.')
                        continue
                    absent = [piece for piece in literal_pieces(target) if piece not in translated]
                    if absent:
                        errors.append(f'{label}: the {lang} output lacks {absent!r}:\n{translated}')
                if not errors:
                    print(f'congkak-cli {" ".join(args[:1])}: translated into {lang}.')
        except RuntimeError as e:
            errors.append(str(e))

    if errors:
        return fail('\n'.join(errors))
    return 0


# help -------------------------------------------------------------------

def yelp_check(folder, label):
    errors = []
    for command in ('validate', 'links', 'media'):
        result = run(['yelp-check', command, folder])
        output = (result.stdout + result.stderr).strip()
        if result.returncode != 0 or output:
            errors.append(f'yelp-check {command} {label}:\n{output}')
    return errors


def figure_neutral(keys):
    """The keys without the checksums of the figures.  itstool names each
    figure as "external ref='figures/x.svg' md5='…'"; when a figure is drawn
    again, an entry with the old checksum only means that the language uses
    the figure of help/C, which is what it does anyway unless it draws its
    own.  So a new drawing does not make every help translation stale."""
    return {(context, re.sub(r" md5='[0-9a-f]*'", '', msgid) if msgid.startswith('external ref=') else msgid,
             plural)
            for context, msgid, plural in keys}


def rules_sections(srcdir, cli):
    """Each game's rules, as `congkak-cli rules` explains them, name a page
    of the guide and the sections on it that the rules window and the
    narration's links open: each must be on that page."""
    errors = []
    for profile in ('congkak', 'congkak-single', 'kalah', 'oware'):
        result = run([cli, 'rules', '--rules', profile])
        if result.returncode != 0:
            errors.append(f'congkak-cli rules --rules {profile}: {result.stderr.strip()}')
            continue
        page = re.search(r'\(help page ([a-z-]+)\)', result.stdout)
        if page is None:
            errors.append(f'congkak-cli rules --rules {profile} names no help page.')
            continue
        path = os.path.join(srcdir, 'help', 'C', page.group(1) + '.page')
        if not os.path.exists(path):
            errors.append(f'{profile}: help/C/{page.group(1)}.page does not exist.')
            continue
        with open(path, encoding='utf-8') as f:
            ids = set(re.findall(r'<section id="([^"]+)"', f.read()))
        for section in re.findall(r'^\S.* \[([a-z-]+)\]$', result.stdout, re.M):
            if section not in ids:
                errors.append(f'{profile}: help/C/{page.group(1)}.page has no section “{section}”, '
                              'which the rules window and the narration link to.')
    return errors


def check_help(srcdir, cli=None):
    help_dir = os.path.join(srcdir, 'help')
    pages = sorted(os.path.join(help_dir, 'C', name) for name in os.listdir(os.path.join(help_dir, 'C'))
                   if name.endswith('.page'))
    errors = yelp_check(os.path.join(help_dir, 'C'), 'help/C')
    if cli is not None:
        errors.extend(rules_sections(srcdir, cli))
    languages = read_list(os.path.join(help_dir, 'LINGUAS'))

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'help.pot')
        result = run(['itstool', '-o', pot] + pages)
        if result.returncode != 0:
            return fail('itstool cannot make the help template:\n' + result.stderr)
        template = figure_neutral(message_keys(parse_po(pot)))

        for lang in languages:
            po = os.path.join(help_dir, lang, f'{lang}.po')
            if not os.path.exists(po):
                errors.append(f'help/LINGUAS lists {lang}, but help/{lang}/{lang}.po does not exist.')
                continue
            keys = figure_neutral(message_keys(parse_po(po)))
            missing = sorted(template - keys, key=describe)
            stale = sorted(keys - template, key=describe)
            if missing:
                errors.append(f'help/{lang}/{lang}.po lacks {len(missing)} messages of the pages:')
                errors.extend('  ' + describe(key)[:200] for key in missing)
            if stale:
                errors.append(f'help/{lang}/{lang}.po has {len(stale)} messages the pages no longer have:')
                errors.extend('  ' + describe(key)[:200] for key in stale)

            # The translated pages, as `meson install` makes them, with
            # the figures of help/C where the language has none.
            mo = os.path.join(tmp, f'{lang}.mo')
            out = os.path.join(tmp, lang)
            os.makedirs(out)
            result = run(['msgfmt', '-o', mo, po])
            if result.returncode != 0:
                errors.append(f'help/{lang}/{lang}.po: {result.stderr.strip()}')
                continue
            result = run(['itstool', '-m', mo, '-l', lang, '-o', out] + pages)
            if result.returncode != 0:
                errors.append(f'itstool cannot translate the pages into {lang}:\n{result.stderr}')
                continue
            figures = os.path.join(help_dir, 'C', 'figures')
            if os.path.isdir(figures):
                shutil.copytree(os.path.join(help_dir, lang, 'figures')
                                if os.path.isdir(os.path.join(help_dir, lang, 'figures')) else figures,
                                os.path.join(out, 'figures'))
            errors.extend(yelp_check(out, f'help/{lang}'))

    if errors:
        return fail('\n'.join(errors))
    print(f'{len(pages)} pages valid, with their links and media, in C'
          + ''.join(f', {lang}' for lang in languages) + '.')
    return 0


def main(argv):
    if len(argv) < 3:
        return fail(__doc__ or 'usage: check-i18n.py COMMAND SRCDIR …')
    command, srcdir = argv[1], os.path.abspath(argv[2])
    if command == 'potfiles':
        return check_potfiles(srcdir)
    if command == 'template':
        return check_template(srcdir)
    if command == 'po':
        return check_po(srcdir)
    if command == 'language' and len(argv) == 6:
        return check_language(srcdir, os.path.abspath(argv[3]), os.path.abspath(argv[4]), argv[5])
    if command == 'help':
        return check_help(srcdir, os.path.abspath(argv[3]) if len(argv) > 3 else None)
    return fail(f'unknown command or wrong arguments: {" ".join(argv[1:])}')


if __name__ == '__main__':
    sys.exit(main(sys.argv))
