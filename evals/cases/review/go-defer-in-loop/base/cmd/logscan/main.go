package main

import (
	"fmt"
	"os"
	"sort"

	"example.com/logscan/internal/logscan"
)

func main() {
	counts, err := logscan.Scan(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "logscan:", err)
		os.Exit(1)
	}
	codes := make([]string, 0, len(counts))
	for code := range counts {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		fmt.Printf("%-12s %d\n", code, counts[code])
	}
}
