#!/usr/bin/env python3
# Checks that the manual page of congkak-cli follows its command table:
# every command that `congkak-cli --help` lists has a subsection whose
# heading is the command's usage line, with an entry for each option of
# `congkak-cli COMMAND --help`; the rule options of --help-rules are in
# RULE OPTIONS; no subsection names a command the table has not; and the
# page's header names this version.
#   check-man-page.py MANPAGE CLI VERSION
import os
import re
import subprocess
import sys


def cli_output(cli, *args):
    result = subprocess.run([cli, *args], capture_output=True, text=True,
                            env=dict(os.environ, LC_ALL='C.UTF-8', LANGUAGE=''))
    return result.stdout


def long_options(help_text, heading):
    """The --long options listed under @heading in a GOption --help."""
    block = re.search(rf'^{re.escape(heading)}\n(.*?)(?:\n\n|\Z)', help_text, re.M | re.S)
    return re.findall(r'^\s+(?:-\w, )?--([a-z][a-z0-9-]*)', block.group(1), re.M) if block else []


def troff_text(text):
    """The page's words as a reader sees them: \\- as -, fonts dropped."""
    text = re.sub(r'\\f[BIRP]', '', text)
    return text.replace('\\-', '-').replace('\\(lq', '“').replace('\\(rq', '”')


def main():
    page_path, cli, version = sys.argv[1:4]
    with open(page_path, encoding='utf-8') as f:
        page = f.read()
    failures = []

    header = next((line for line in page.splitlines() if line.startswith('.TH ')), '')
    if f'"Congkak {version}"' not in header:
        failures.append(f'the .TH line does not name Congkak {version}: {header}')

    commands = re.findall(r'^  ([a-z]+)\s', cli_output(cli, '--help').split('Commands:', 1)[1], re.M)
    if not commands:
        failures.append('congkak-cli --help lists no commands')

    sections = {}
    for match in re.finditer(r'^\.SS "(.*?)"\n(.*?)(?=^\.S[SH] |\Z)', page, re.M | re.S):
        heading = troff_text(match.group(1))
        sections[heading.split()[0]] = (heading, troff_text(match.group(2)))

    for command in commands:
        help_text = cli_output(cli, command, '--help')
        usage = re.search(rf'congkak-cli {command} (.*?) — ', help_text)
        synopsis = f'{command} {usage.group(1)}'.replace('…', '...') if usage else command
        if command not in sections:
            failures.append(f'command {command} has no subsection (.SS "{synopsis}")')
            continue
        heading, body = sections[command]
        if heading != synopsis:
            failures.append(f'the subsection of {command} is "{heading}", its usage is "{synopsis}"')
        for option in long_options(help_text, 'Application Options:'):
            if not re.search(rf'^\.(?:TP\n\.)?B[IR]* .*--{re.escape(option)}\b', body, re.M) \
               and f'--{option}' not in body:
                failures.append(f'{command} --{option} is not in its subsection')
            elif not re.search(rf'^\.B[IR]* (?:-\w, )?"?(?:-\w\s*", "\s*)?--{re.escape(option)}\b', body, re.M):
                failures.append(f'{command} --{option} is mentioned but has no entry (.TP) of its own')
        print(f'ok: {command}')

    for command in sections:
        if command not in commands:
            failures.append(f'the page has a subsection for {command}, which the command table has not')

    rules = page.split('.SH RULE OPTIONS', 1)
    rules_text = troff_text(re.split(r'^\.SH ', rules[1], flags=re.M)[0]) if len(rules) == 2 else ''
    for option in long_options(cli_output(cli, 'play', '--help-rules'), 'Rule options:'):
        if f'--{option}' not in rules_text:
            failures.append(f'rule option --{option} is not in RULE OPTIONS')

    for failure in failures:
        print('not ok:', failure)
    print(f'{len(failures)} failed')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
