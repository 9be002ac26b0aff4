<?php

use App\Jobs\SendOverdueReminders;
use App\Models\Invoice;
use App\Models\User;
use App\Notifications\InvoiceOverdue;
use Illuminate\Support\Facades\Notification;

it('notifies client users of overdue invoices', function () {
    Notification::fake();
    $invoice = Invoice::factory()->overdue()->create();
    $user = User::factory()->create(['client_id' => $invoice->client_id]);

    (new SendOverdueReminders)->handle();

    Notification::assertSentTo($user, InvoiceOverdue::class);
});
