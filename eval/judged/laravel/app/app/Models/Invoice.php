<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Factories\HasFactory;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\BelongsTo;

class Invoice extends Model
{
    use HasFactory;

    protected $fillable = ['client_id', 'project_id', 'number', 'amount_ht_cents', 'vat_rate', 'issued_on', 'due_on', 'paid_at', 'pdf_path'];

    protected function casts(): array
    {
        return [
            'issued_on' => 'date',
            'due_on' => 'date',
            'paid_at' => 'datetime',
            'vat_rate' => 'decimal:2',
        ];
    }

    public function client(): BelongsTo
    {
        return $this->belongsTo(Client::class);
    }

    public function project(): BelongsTo
    {
        return $this->belongsTo(Project::class);
    }

    public function amountTtcCents(): int
    {
        return (int) round($this->amount_ht_cents * (1 + $this->vat_rate / 100));
    }

    public function isOverdue(): bool
    {
        return $this->paid_at === null && $this->due_on->isPast();
    }
}
