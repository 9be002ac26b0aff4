import { ComponentFixture, TestBed } from '@angular/core/testing';
import { StatusBadgeComponent } from './status-badge.component';

describe('StatusBadgeComponent', () => {
  let fixture: ComponentFixture<StatusBadgeComponent>;

  beforeEach(() => {
    fixture = TestBed.createComponent(StatusBadgeComponent);
    fixture.componentRef.setInput('status', 'IN_TRANSIT');
    fixture.detectChanges();
  });

  it('renders a readable label', () => {
    expect(fixture.nativeElement.textContent).toContain('in transit');
  });
});
