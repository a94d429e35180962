package store

import (
	"context"
	"fmt"
	"strings"
)

// Search filters orders for the support team's search form. Empty fields are ignored.
type Search struct {
	Customer string
	Statuses []string
	Limit    int
}

// Find returns the orders matching q, newest first.
func (s *Store) Find(ctx context.Context, q Search) ([]Order, error) {
	var where []string
	var args []any
	if q.Customer != "" {
		args = append(args, q.Customer)
		where = append(where, fmt.Sprintf("customer = $%d", len(args)))
	}
	if len(q.Statuses) > 0 {
		where = append(where, fmt.Sprintf("status IN ('%s')", strings.Join(q.Statuses, "','")))
	}
	query := "SELECT " + orderColumns + " FROM orders"
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	limit := q.Limit
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	query += fmt.Sprintf(" ORDER BY created_at DESC LIMIT %d", limit)
	rows, err := s.DB.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("searching orders: %w", err)
	}
	return scanOrders(rows)
}
