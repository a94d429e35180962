// Package store reads orders from PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"time"
)

// Order is one customer order.
type Order struct {
	ID        int64
	Customer  string
	Status    string
	TotalCent int64
	CreatedAt time.Time
}

// Store wraps the database.
type Store struct {
	DB *sql.DB
}

const orderColumns = "id, customer, status, total_cents, created_at"

func scanOrders(rows *sql.Rows) ([]Order, error) {
	defer rows.Close()
	var orders []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.Customer, &o.Status, &o.TotalCent, &o.CreatedAt); err != nil {
			return nil, err
		}
		orders = append(orders, o)
	}
	return orders, rows.Err()
}

// ByCustomer returns the customer's orders, newest first.
func (s *Store) ByCustomer(ctx context.Context, customer string) ([]Order, error) {
	rows, err := s.DB.QueryContext(ctx,
		"SELECT "+orderColumns+" FROM orders WHERE customer = $1 ORDER BY created_at DESC", customer)
	if err != nil {
		return nil, err
	}
	return scanOrders(rows)
}
