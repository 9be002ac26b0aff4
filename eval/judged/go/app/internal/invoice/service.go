package invoice

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/invoicer/internal/db"
	"github.com/acme/invoicer/internal/money"
)

type Service struct {
	q    db.Querier
	pool *pgxpool.Pool
}

func NewService(q db.Querier, pool *pgxpool.Pool) *Service {
	return &Service{q: q, pool: pool}
}

func (s *Service) Create(ctx context.Context, in CreateInput) (Invoice, error) {
	if len(in.Lines) == 0 || in.Currency == "" {
		return Invoice{}, fmt.Errorf("%w: lines and currency are required", ErrValidation)
	}
	net, vat := money.Totals(toMoneyLines(in.Lines))
	row, err := s.q.CreateInvoice(ctx, db.CreateInvoiceParams{
		ID:         uuid.New(),
		CustomerID: in.CustomerID,
		Currency:   in.Currency,
		NetTotal:   net,
		VatTotal:   vat,
	})
	if err != nil {
		return Invoice{}, fmt.Errorf("insert invoice: %w", err)
	}
	return fromRow(row), nil
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (Invoice, error) {
	row, err := s.q.GetInvoice(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Invoice{}, ErrNotFound
	}
	if err != nil {
		return Invoice{}, err
	}
	return fromRow(row), nil
}

func (s *Service) List(ctx context.Context, customerID uuid.UUID, limit int32) ([]Invoice, error) {
	rows, err := s.q.ListInvoicesByCustomer(ctx, db.ListInvoicesByCustomerParams{CustomerID: customerID, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]Invoice, 0, len(rows))
	for _, r := range rows {
		out = append(out, fromRow(r))
	}
	return out, nil
}

// Issue assigns the next sequential number and freezes the invoice.
func (s *Service) Issue(ctx context.Context, id uuid.UUID) (Invoice, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return Invoice{}, err
	}
	defer tx.Rollback(ctx)
	q := db.New(tx)
	row, err := q.GetInvoiceForUpdate(ctx, id)
	if err != nil {
		return Invoice{}, err
	}
	if Status(row.Status) != StatusDraft {
		return Invoice{}, ErrNotDraft
	}
	seq, err := q.NextInvoiceNumber(ctx, row.TenantID)
	if err != nil {
		return Invoice{}, err
	}
	row, err = q.IssueInvoice(ctx, db.IssueInvoiceParams{ID: id, Number: fmt.Sprintf("INV-%06d", seq)})
	if err != nil {
		return Invoice{}, err
	}
	return fromRow(row), tx.Commit(ctx)
}
