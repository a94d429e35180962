package main

import (
	"fmt"
	"os"
	"sort"

	"example.com/relnotes/internal/version"
)

func main() {
	var versions []version.Version
	for _, tag := range os.Args[1:] {
		v, err := version.Parse(tag)
		if err != nil {
			fmt.Fprintln(os.Stderr, "relnotes: skipping", err)
			continue
		}
		versions = append(versions, v)
	}
	sort.Slice(versions, func(i, j int) bool { return versions[i].Less(versions[j]) })
	for _, v := range versions {
		fmt.Println(v)
	}
}
