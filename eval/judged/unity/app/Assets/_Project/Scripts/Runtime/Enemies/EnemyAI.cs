using Skyward.Data;
using UnityEngine;
using UnityEngine.AI;

namespace Skyward.Enemies
{
    [RequireComponent(typeof(NavMeshAgent))]
    public sealed class EnemyAI : MonoBehaviour
    {
        [SerializeField] private EnemyDefinition definition;
        private NavMeshAgent _agent;
        private Transform _target;
        private int _health;

        public void Init(EnemyDefinition def, Transform target)
        {
            definition = def;
            _target = target;
            _health = def.MaxHealth;
            _agent.speed = def.MoveSpeed;
        }

        private void Awake() => _agent = GetComponent<NavMeshAgent>();

        private void Update()
        {
            if (_target == null) return;
            float sqrDist = (_target.position - transform.position).sqrMagnitude;
            if (sqrDist <= definition.AggroRadius * definition.AggroRadius)
                _agent.SetDestination(_target.position);
        }

        public void Hit(int damage)
        {
            _health -= damage;
            if (_health <= 0) gameObject.SetActive(false);
        }
    }
}
