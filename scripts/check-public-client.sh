#!/usr/bin/env bash
# Fails when the CLI, the plugins, the examples, the benchmarks or the fuzz targets could reach past GamutKit's public
# API: GamutKit may declare nothing `package` and no `@_spi`, and no client may import it `@testable` or through an SPI.
# Only the tests see internals. So whatever gamut-check prints, a pipeline that links the library can make too. Run by
# .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
# `package` as a modifier anywhere in a declaration (`static package func`, `package private(set) var`, `package(set)`).
keywords='static|class|final|mutating|nonmutating|let|var|func|struct|enum|actor|init|subscript|typealias|protocol|extension|lazy|nonisolated|convenience|override|required|indirect|weak|unowned|private|fileprivate|import|dynamic|@'
modifiers='static|class|final|override|required|indirect|weak|unowned|lazy|nonisolated|convenience|mutating|dynamic'
decl="\\bpackage[[:space:]]+($keywords)|\\bpackage\\(set\\)|\\b($modifiers)[[:space:]]+package[[:space:]]"
if found=$(grep -rnE "$decl" Sources/GamutKit --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'); then
    echo "package access in GamutKit (make it public and documented, or internal):"; echo "$found"; status=1
fi
clients=$(find Sources Plugins Examples Benchmarks/Benchmarks Fuzz/Sources -name '*.swift' -not -path '*/.build*' -not -path 'Sources/GamutKit/*')
if found=$(grep -nE '@_spi|@testable' $clients Sources/GamutKit -r --include='*.swift' 2>/dev/null); then
    echo "SPI or @testable outside the tests:"; echo "$found"; status=1
fi
[ $status -eq 0 ] && echo "Public client: GamutKit declares no package or SPI API; $(echo "$clients" | wc -l) client files import it plainly"
exit $status
