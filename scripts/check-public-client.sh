#!/usr/bin/env bash
# Fails when the CLI, the plugins, the examples or the benchmarks could reach past GamutKit's public API: GamutKit may
# declare nothing `package` and no `@_spi`, and no client may import it `@testable` or through an SPI. Only the tests
# see internals. So whatever gamut-check prints, a pipeline that links the library can make too. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
decl='^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*package\s+(static |final |mutating |let |var |func |struct |enum |class |actor |init|subscript|typealias|protocol |extension |lazy |nonisolated |convenience |import )'
if found=$(grep -rnE "$decl|\bpackage\(set\)" Sources/GamutKit --include='*.swift'); then
    echo "package access in GamutKit (make it public and documented, or internal):"; echo "$found"; status=1
fi
clients=$(find Sources Plugins Examples Benchmarks/Benchmarks Fuzz/Sources -name '*.swift' -not -path '*/.build*' -not -path 'Sources/GamutKit/*')
if found=$(grep -nE '@_spi|@testable' $clients Sources/GamutKit -r --include='*.swift' 2>/dev/null); then
    echo "SPI or @testable outside the tests:"; echo "$found"; status=1
fi
[ $status -eq 0 ] && echo "Public client: GamutKit declares no package or SPI API; $(echo "$clients" | wc -l) client files import it plainly"
exit $status
