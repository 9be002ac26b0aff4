package invoice

import (
	"github.com/acme/invoicer/internal/db"
	"github.com/acme/invoicer/internal/money"
)

func fromRow(r db.Invoice) Invoice {
	return Invoice{
		ID:         r.ID,
		Number:     r.Number.String,
		CustomerID: r.CustomerID,
		Currency:   r.Currency,
		Status:     Status(r.Status),
		NetTotal:   r.NetTotal,
		VATTotal:   r.VatTotal,
	}
}

func toMoneyLines(ls []Line) []money.Line {
	out := make([]money.Line, len(ls))
	for i, l := range ls {
		out[i] = money.Line{Qty: l.Quantity, UnitPrice: l.UnitPrice, VATRate: l.VATRate}
	}
	return out
}
