<?php

use App\Jobs\SendOverdueReminders;
use Illuminate\Support\Facades\Schedule;

Schedule::job(new SendOverdueReminders)->weekdays()->at('09:00')->timezone('Europe/Paris');
