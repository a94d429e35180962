package main

import (
	"flag"
	"fmt"
	"os"

	"example.com/deployctl/internal/config"
)

func main() {
	path := flag.String("config", "deploy.json", "the deploy file")
	flag.Parse()

	cfg, err := config.Load(*path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deployctl:", err)
		os.Exit(2)
	}
	fmt.Printf("rollout to %s:\n", cfg.Environment)
	for _, s := range cfg.Services {
		fmt.Printf("  %-20s %-40s x%d\n", s.Name, s.Image, s.Replicas)
	}
}
