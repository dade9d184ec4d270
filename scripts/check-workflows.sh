#!/usr/bin/env bash
# Checks the GitHub Actions workflows (.github/workflows/*.yml), which can't run here, as far as this machine can:
#   - each file parses (PyYAML) and has `on` and `jobs`; each job has `runs-on` and a non-empty list of `steps`, each
#     step one of `uses`/`run`; `needs` names jobs of the file; `timeout-minutes` is a positive number;
#   - every `uses:` action is pinned to a version tag (owner/repo@v4, @v1.2.3), never a branch; a `container:` image
#     has a tag other than `latest`;
#   - every command a `run:` step runs is one this check knows and can check: `bash FILE`/`sh FILE` (the file exists
#     in the repository, from the step's working-directory, which must exist too); `cd DIR` (exists); `swift SUB …`
#     (each option is listed by this machine's `swift SUB --help`); `xcodebuild …` (each action and option is in
#     XCODEBUILD_WORDS below, xcodebuild doesn't run on Linux); a few harmless ones (OTHER_COMMANDS).
# Prints one line per problem and exits 1 when there is any. Arguments: workflow files (default: all of them).
# Needs python3 with PyYAML; as root on Debian/Ubuntu it installs python3-yaml when missing. Run by CI.
set -euo pipefail
files=()
for f in "$@"; do files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
cd "$(dirname "$0")/.."
if ! python3 -c 'import yaml' >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-yaml >/dev/null
    else
        echo "check-workflows: needs python3 with PyYAML (Debian: apt-get install python3-yaml; elsewhere: pip install pyyaml)" >&2
        exit 1
    fi
fi
exec python3 - ${files[@]+"${files[@]}"} <<'PYTHON'
import glob, os, re, shlex, subprocess, sys
import yaml

# The xcodebuild actions and options the workflows may use (from `man xcodebuild`, Xcode 26). Add to it when a
# workflow needs another; build settings (NAME=value) are allowed as they are.
XCODEBUILD_WORDS = {
    # actions
    "build", "build-for-testing", "analyze", "archive", "test", "test-without-building", "clean", "docbuild",
    "resolvePackageDependencies",
    # options
    "-project", "-workspace", "-scheme", "-target", "-alltargets", "-configuration", "-sdk", "-arch", "-destination",
    "-destination-timeout", "-derivedDataPath", "-resultBundlePath", "-list", "-version", "-showsdks",
    "-showdestinations", "-showBuildSettings", "-json", "-quiet", "-verbose", "-jobs", "-xcconfig", "-toolchain",
    "-skipPackagePluginValidation", "-skipMacroValidation", "-onlyUsePackageVersionsFromResolvedFile",
    "-disableAutomaticPackageResolution", "-clonedSourcePackagesDirPath", "-packageCachePath",
    "-parallel-testing-enabled", "-only-testing", "-skip-testing", "-testPlan", "-enableCodeCoverage",
    "-testProductsPath", "-xctestrun", "-allowProvisioningUpdates",
}
# Options of xcodebuild that take a value (the next word), so the value isn't read as an action.
XCODEBUILD_VALUED = {
    "-project", "-workspace", "-scheme", "-target", "-configuration", "-sdk", "-arch", "-destination",
    "-destination-timeout", "-derivedDataPath", "-resultBundlePath", "-jobs", "-xcconfig", "-toolchain",
    "-clonedSourcePackagesDirPath", "-packageCachePath", "-parallel-testing-enabled", "-only-testing", "-skip-testing",
    "-testPlan", "-enableCodeCoverage", "-testProductsPath", "-xctestrun",
}
DESTINATION_KEYS = {"platform", "name", "OS", "id", "arch", "variant"}
# Commands that need no check (they read nothing from the repository and take no options worth checking).
OTHER_COMMANDS = {"echo", "cat", "ls", "pwd", "env", "uname", "sw_vers", "xcode-select", "xcrun", "true", "mkdir", "apt-get"}
SWIFT_SUBCOMMANDS = {"build", "test", "run", "package"}
PINNED_ACTION = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@v?\d+(\.\d+){0,2}$")

problems = []
help_cache = {}
counts = {"files": 0, "jobs": 0, "steps": 0, "commands": 0}


def problem(where, message):
    problems.append(f"{where}: {message}")


def swift_help(sub):
    if sub not in help_cache:
        try:
            out = subprocess.run(["swift", sub, "--help"], capture_output=True, text=True, timeout=120)
            help_cache[sub] = out.stdout + out.stderr if out.returncode == 0 else None
        except (OSError, subprocess.TimeoutExpired):
            help_cache[sub] = None
    return help_cache[sub]


def commands(script):
    """The simple commands of a run: script, as lists of words (continuations joined; split at ; && || | and newlines)."""
    script = re.sub(r"\\\n", " ", script)
    result = []
    for line in script.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words = []
        for token in lexer:
            if token and set(token) <= set(";&|"):
                if words: result.append(words)
                words = []
            else:
                words.append(token)
        if words: result.append(words)
    return result


def check_command(where, words, directory):
    while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):  # FOO=bar command
        words = words[1:]
    if words and words[0] in ("sudo", "time", "exec"):
        words = words[1:]
    if not words:
        return
    counts["commands"] += 1
    name, args = words[0], words[1:]
    shown = " ".join(words)
    if name in ("bash", "sh"):
        operands = [a for a in args if not a.startswith("-")]
        if not operands:
            problem(where, f"`{shown}`: no script file to check")
        elif "$" not in operands[0] and not os.path.isfile(os.path.join(directory, operands[0])):
            problem(where, f"`{shown}`: {os.path.relpath(os.path.join(directory, operands[0]))} is not in the repository")
    elif name == "cd":
        if args and "$" not in args[0] and not os.path.isdir(os.path.join(directory, args[0])):
            problem(where, f"`{shown}`: no folder {args[0]}")
    elif name == "swift":
        if args == ["--version"]:
            return
        if not args or args[0] not in SWIFT_SUBCOMMANDS:
            problem(where, f"`{shown}`: not a swift subcommand this check knows ({', '.join(sorted(SWIFT_SUBCOMMANDS))})")
            return
        text = swift_help(args[0])
        if text is None:
            problem(where, f"`{shown}`: `swift {args[0]} --help` doesn't run on this machine")
            return
        for arg in args[1:]:
            if arg.startswith("-") and "$" not in arg:
                flag = arg.split("=", 1)[0]
                if not re.search(r"(^|[\s,])" + re.escape(flag) + r"($|[\s,=<])", text, re.M):
                    problem(where, f"`{shown}`: `swift {args[0]} --help` has no {flag}")
    elif name == "xcodebuild":
        i = 0
        while i < len(args):
            arg = args[i]
            if re.match(r"^[A-Z_][A-Z0-9_]*=", arg):  # a build setting
                pass
            elif arg not in XCODEBUILD_WORDS:
                problem(where, f"`{shown}`: {arg} is not in check-workflows.sh's list of xcodebuild words")
            elif arg in XCODEBUILD_VALUED:
                i += 1
                if i >= len(args):
                    problem(where, f"`{shown}`: {arg} needs a value")
                elif arg == "-destination":
                    keys = {part.split("=", 1)[0] for part in args[i].split(",")}
                    if not all("=" in part for part in args[i].split(",")) or not keys <= DESTINATION_KEYS:
                        problem(where, f"`{shown}`: destination {args[i]!r} has keys other than {sorted(DESTINATION_KEYS)}")
            i += 1
    elif name not in OTHER_COMMANDS:
        problem(where, f"`{shown}`: {name} is a command check-workflows.sh doesn't know how to check")


def check_image(where, image):
    if isinstance(image, dict):
        image = image.get("image")
    if not isinstance(image, str) or not image:
        problem(where, "container without an image")
    elif ":" not in image.rsplit("/", 1)[-1] or image.endswith(":latest"):
        problem(where, f"container image {image} is not pinned to a tag")


def check_file(path):
    name = os.path.relpath(path) if os.path.abspath(path).startswith(os.getcwd() + os.sep) else path
    counts["files"] += 1
    try:
        with open(path) as f:
            workflow = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as error:
        problem(name, f"doesn't parse: {error}".replace("\n", " "))
        return
    if not isinstance(workflow, dict):
        problem(name, "is not a mapping")
        return
    if "on" not in workflow and True not in workflow:  # YAML 1.1 reads the key `on` as true
        problem(name, "has no `on` (triggers)")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        problem(name, "has no jobs")
        return
    for job_id, job in jobs.items():
        where = f"{name}: jobs.{job_id}"
        counts["jobs"] += 1
        if not isinstance(job, dict):
            problem(where, "is not a mapping")
            continue
        if "uses" in job:  # a reusable workflow's job has no runs-on or steps
            if not PINNED_ACTION.match(str(job["uses"])) and not str(job["uses"]).startswith("./"):
                problem(where, f"uses {job['uses']}, not pinned to a tag")
            continue
        if not job.get("runs-on"):
            problem(where, "has no runs-on")
        timeout = job.get("timeout-minutes")
        if timeout is not None and (not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0):
            problem(where, f"timeout-minutes {timeout!r} is not a positive number")
        needs = job.get("needs", [])
        for need in [needs] if isinstance(needs, str) else needs:
            if need not in jobs:
                problem(where, f"needs {need}, which is not a job of this file")
        if "container" in job:
            check_image(where, job["container"])
        for service_id, service in (job.get("services") or {}).items():
            check_image(f"{where}.services.{service_id}", service)
        default_directory = ((job.get("defaults") or {}).get("run") or {}).get("working-directory", ".")
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            problem(where, "has no steps")
            continue
        for index, step in enumerate(steps):
            here = f"{where}.steps[{index}]"
            counts["steps"] += 1
            if not isinstance(step, dict):
                problem(here, "is not a mapping")
                continue
            if ("uses" in step) == ("run" in step):
                problem(here, "needs exactly one of uses and run")
                continue
            if "uses" in step:
                action = str(step["uses"])
                if action.startswith("./"):
                    if not os.path.exists(action):
                        problem(here, f"uses {action}, which is not in the repository")
                elif action.startswith("docker://"):
                    check_image(here, action[len("docker://"):])
                elif not PINNED_ACTION.match(action):
                    problem(here, f"uses {action}, not pinned to a version tag (owner/repo@v4)")
                continue
            directory = str(step.get("working-directory", default_directory))
            if "${{" not in directory and not os.path.isdir(directory):
                problem(here, f"working-directory {directory} is not in the repository")
                continue
            if not isinstance(step["run"], str) or not step["run"].strip():
                problem(here, "run is empty")
                continue
            for words in commands(step["run"]):
                check_command(here, words, directory)


paths = sys.argv[1:] or sorted(glob.glob(".github/workflows/*.yml") + glob.glob(".github/workflows/*.yaml"))
if not paths:
    problem(".github/workflows", "has no workflow")
for path in paths:
    check_file(path)
for line in problems:
    print("check-workflows: " + line)
summary = f"{counts['files']} workflow file(s), {counts['jobs']} jobs, {counts['steps']} steps, {counts['commands']} commands"
if problems:
    print(f"check-workflows: {len(problems)} problem(s) in {summary}")
    sys.exit(1)
print(f"check-workflows: {summary} checked, no problem")
PYTHON
