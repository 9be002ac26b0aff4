from rds_snapshot_cleanup.handler import lambda_handler


def test_no_snapshots_deletes_nothing(aws, lambda_context):
    assert lambda_handler({}, lambda_context) == {"deleted": 0}


def test_keeps_recent_snapshot(aws, lambda_context):
    rds = aws.client("rds")
    rds.create_db_instance(
        DBInstanceIdentifier="db1", DBInstanceClass="db.t4g.micro", Engine="postgres",
        MasterUsername="u", MasterUserPassword="password123", AllocatedStorage=20,
    )
    rds.create_db_snapshot(DBInstanceIdentifier="db1", DBSnapshotIdentifier="snap-new")
    assert lambda_handler({}, lambda_context) == {"deleted": 0}
