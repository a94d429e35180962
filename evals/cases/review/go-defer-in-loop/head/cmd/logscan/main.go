package main

import (
	"flag"
	"fmt"
	"os"
	"sort"

	"example.com/logscan/internal/logscan"
)

func main() {
	top := flag.Int("top", 0, "print only the N most frequent codes (0: all, sorted by code)")
	flag.Parse()

	var counts logscan.Counts
	var err error
	if flag.NArg() == 1 {
		counts, err = logscan.ScanFiles(flag.Arg(0))
	} else {
		counts, err = logscan.Scan(os.Stdin)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "logscan:", err)
		os.Exit(1)
	}
	codes := make([]string, 0, len(counts))
	for code := range counts {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	if *top > 0 {
		sort.SliceStable(codes, func(i, j int) bool { return counts[codes[i]] > counts[codes[j]] })
		if len(codes) > *top {
			codes = codes[:*top-1]
		}
	}
	for _, code := range codes {
		fmt.Printf("%-12s %d\n", code, counts[code])
	}
}
