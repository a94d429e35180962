package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"example.com/deployctl/internal/config"
)

const coolDown = 15 * time.Minute

func main() {
	path := flag.String("config", "deploy.json", "the deploy file")
	lockPath := flag.String("lock", ".deploy.lock", "the rollout lock file")
	apply := flag.Bool("apply", false, "record the rollout in the lock file")
	flag.Parse()

	cfg, err := config.Load(*path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deployctl:", err)
		os.Exit(2)
	}
	lock, err := config.ReadLock(*lockPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deployctl:", err)
		os.Exit(2)
	}
	if lock != nil && lock.Environment == cfg.Environment && time.Since(lock.At) < coolDown {
		fmt.Fprintf(os.Stderr, "deployctl: %s was rolled out by %s at %s; wait for the cool-down\n",
			lock.Environment, lock.By, lock.At.Format(time.RFC3339))
		os.Exit(3)
	}
	fmt.Printf("rollout to %s:\n", cfg.Environment)
	for _, s := range cfg.Services {
		fmt.Printf("  %-20s %-40s x%d\n", s.Name, s.Image, s.Replicas)
	}
	if *apply {
		if err := config.WriteLock(*lockPath, cfg.Environment, os.Getenv("USER")); err != nil {
			fmt.Fprintln(os.Stderr, "deployctl:", err)
			os.Exit(1)
		}
	}
}
